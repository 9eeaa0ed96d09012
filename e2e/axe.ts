import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Runs axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules (the engine behind Lighthouse's accessibility
 * audit) on the page as it is now, through `@axe-core/playwright`, and expects no violation. A failure lists each
 * rule with the elements it found; `label` names the page or state in the message.
 */
export async function expectNoAxeViolations(page: Page, label?: string): Promise<void> {
  // A page or the cookie notice fading in is checked once it is there: half-way, its text's
  // contrast is measured through its opacity (a check on a busy machine caught /wheel mid-fade).
  // Looked for from the next frame on, until two frames in a row have none: a page that has just
  // rendered (a wheel loaded from /saved) may start its fade or colour transitions a frame later.
  await page.evaluate(async () => {
    let quiet = 0
    for (let round = 0; round < 20 && quiet < 2; round++) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        )
      quiet = running.length === 0 ? quiet + 1 : 0
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
    }
  })
  // Only the violations are listed in full (the passes, most of axe's time on a big page, are
  // not). The options first: AxeBuilder's options() replaces what withTags() set. axe runs in the
  // page itself (legacy mode): the default runs it in each frame and then opens a blank page of its
  // own, with axe injected again, to merge the results, which took a call from 0.5-1.3 s to 1.3-5 s
  // on 2 cores (decision 0067). The pages checked have no frames from another origin, which only
  // the default could reach.
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const violations = result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(violations, label).toEqual([])
}
