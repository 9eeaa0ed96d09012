// The pseudo-language at /xa/… (issue 38): every message of the catalogue shows as ⟦…⟧ with
// accented letters (scripts/i18n-catalogue.mjs pseudoMessage), so any run of plain English letters
// outside the brackets is text that did not come from the catalogue. Each test visits pages and
// the dialogs their visible buttons open, and fails listing every such string it saw.
import { expect, type Page, test } from '@playwright/test'
import { pseudoMessage } from '../scripts/i18n-catalogue.mjs'
import { LOCALE_INFO, LOCALES, PSEUDO_LOCALE } from '../src/core/i18n/locales'
import { at, createShare, expectAppRendered, expectLanguage, openWheelAt } from './locale-helpers'
import { items } from './wheel-helpers'

/** A plain message (no placeholders) as the pseudo-language shows it: "Spin" → "⟦Śƥíñ⟧". */
const xa = (english: string) => pseudoMessage(english)
const page$ = (path: string) => at(PSEUDO_LOCALE, path)

/**
 * Words that are not product text, so never in the catalogue. Keep it short:
 * - the names Whirl, PayPal and Google (the brand and two other companies' names, never translated);
 * - the language menu's entries, each language's name in itself.
 * The wheels below are written in Greek, so their items and names (the user's own words, never
 * translated) need no entry; e-mail addresses and <kbd> key names are left out where collected.
 */
const ALLOWED = ['Whirl', 'PayPal', 'Google', ...LOCALES.map((l) => LOCALE_INFO[l].name)]
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g

/** The wheels' own words: Greek, so that no run of ASCII letters comes from them. */
const WHEEL_NAME = 'Τροχός'
const WHEEL_ITEMS = ['Άλφα', 'Βήτα', 'Γάμμα']

/**
 * The text a user meets on the page as it is now: every visible text node (in document order,
 * joined, so that a message split by a link inside it stays whole), the page's title, and the
 * aria-label, title, placeholder and alt of visible elements. <kbd> holds key names, and an element
 * marked translate="no" holds data that is the same in every language (the /fair page's test
 * vectors: the protocol's field names and values): both skipped.
 */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'KBD'])
    const texts: string[] = [document.title]
    const flow: string[] = []
    const walk = (node: Node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          flow.push(child.textContent ?? '')
        } else if (child instanceof Element) {
          if (
            skip.has(child.tagName) ||
            child.getAttribute('translate') === 'no' ||
            !child.checkVisibility({ visibilityProperty: true })
          ) {
            flow.push('\n')
            continue
          }
          for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
            const value = child.getAttribute(name)
            if (value) texts.push(value)
          }
          if (child instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(child.type))
            texts.push(child.value)
          walk(child)
        }
      }
    }
    walk(document.body)
    texts.push(flow.join(''))
    return texts
  })
}

/** The pieces of `text` with 2+ plain ASCII letters outside every ⟦…⟧ and the allow-list. */
function outsideCatalogue(text: string): string[] {
  let rest = text
  // A message can hold another one (a placeholder's value): strip the innermost first.
  for (let before = ''; before !== rest; ) {
    before = rest
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '\n')
  }
  rest = rest.replace(EMAIL, '\n')
  for (const word of ALLOWED) rest = rest.split(word).join('\n')
  return rest
    .split('\n')
    .map((piece) => piece.trim())
    .filter((piece) => /[A-Za-z]{2}/.test(piece))
}

/** Collects what the page shows outside the catalogue, under `label`. */
async function scan(page: Page, label: string, found: Record<string, string[]>): Promise<void> {
  const pieces = [...new Set((await visibleTexts(page)).flatMap(outsideCatalogue))]
  if (pieces.length) found[label] = pieces
}

/**
 * Opens a page in the pseudo-language and waits until the app has rendered it (its heading, in
 * the pseudo-language, replaces the prerendered markup) and the header's late parts are in.
 * `heading` is the heading's English message, or the wheel's own name.
 */
async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(page$(path))
  await expectLanguage(page, PSEUDO_LOCALE)
  await expectAppRendered(page)
  // Soft: a heading or button still in English fails the test, and the scan still lists the rest.
  await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  await expect
    .soft(page.getByRole('banner').getByRole('button', { name: xa('Sign In'), exact: true }))
    .toBeVisible()
}

/** The pages, each with its heading's English message. */
const PAGES = [
  { path: '/', heading: 'Spin the wheel. Get a fair winner.' },
  { path: '/about', heading: 'About Whirl' },
  { path: '/fair', heading: 'Verifiable draws' },
  { path: '/subscription', heading: 'Subscription Plans' },
  { path: '/saved', heading: 'Authentication Required' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
]

test('the static pages show only catalogue text', async ({ page }) => {
  const found: Record<string, string[]> = {}
  test.setTimeout(90_000)
  for (const { path, heading } of PAGES) {
    await open(page, path, xa(heading))
    await scan(page, path, found)
  }
  await open(page, '/faq', xa('Frequently asked questions'))
  await page.getByRole('button', { name: xa('Is Whirl free to use?') }).click()
  await scan(page, '/faq with an answer open', found)

  await open(page, '/contact', xa('Contact Us'))
  await page.getByRole('button', { name: xa('Send Message') }).click()
  await expect(page.locator('form [id$="-error"]').first()).toBeVisible()
  await scan(page, '/contact after sending an empty form', found)

  await open(page, '/no-such-page', xa('Page not found'))
  await scan(page, 'the 404 page', found)

  expect(found, 'text outside the catalogue, by page').toEqual({})
})

test('the wheel page and its dialogs show only catalogue text', async ({ page }) => {
  const found: Record<string, string[]> = {}
  await openWheelAt(page, page$('/wheel'), WHEEL_NAME, items(WHEEL_ITEMS, ['#dc2626', '#16a34a', '#2563eb']))
  await expect(
    page.getByRole('banner').getByRole('button', { name: xa('Sign In'), exact: true }),
  ).toBeVisible()
  await scan(page, '/wheel', found)

  for (const tab of ['Presets', 'History', 'Customize']) {
    await page.getByRole('tab', { name: xa(tab) }).click()
    await expect(page.getByRole('tab', { name: xa(tab) })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true')
    await scan(page, `/wheel, ${tab} tab`, found)
  }

  await page.getByRole('button', { name: xa('Share'), exact: true }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await scan(page, '/wheel, Share dialog', found)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  await page.getByRole('button', { name: xa('Go live'), exact: true }).click()
  const live = page.getByRole('dialog', { name: xa('Go live') })
  await expect(live).toBeVisible()
  await scan(page, '/wheel, Go live dialog', found)
  await live.getByRole('button', { name: xa('Open room') }).click()
  await expect(live.getByTestId('room-code')).toHaveText(/^[A-Z0-9]{6}$/)
  await scan(page, '/wheel, Go live dialog with its room open', found)
  // Rooms per address are limited, and every browser test comes from this one: end it.
  await live.getByRole('button', { name: xa('End room') }).click()
  await expect(live.getByRole('button', { name: xa('Open room') })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(live).toBeHidden()

  await page
    .getByRole('banner')
    .getByRole('button', { name: xa('Sign In'), exact: true })
    .click()
  await expect(page.getByRole('dialog', { name: xa('Sign In') })).toBeVisible()
  await scan(page, '/wheel, Sign In dialog', found)
  await page
    .getByRole('dialog')
    .getByRole('button', { name: xa('Sign up') })
    .click()
  await expect(page.getByRole('dialog', { name: xa('Create Account') })).toBeVisible()
  await scan(page, '/wheel, Create Account dialog', found)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  // The wheel spins for 1 s (its settings), then the winner dialog opens.
  await page.getByRole('button', { name: xa('Spin'), exact: true }).click()
  const winner = page.getByRole('dialog', { name: xa('We have a winner!') })
  await expect(winner).toBeVisible({ timeout: 8000 })
  await scan(page, '/wheel, winner dialog', found)

  expect(found, 'text outside the catalogue, by page').toEqual({})
})

test('a shared wheel shows only catalogue text around the wheel’s own words', async ({ page }) => {
  const found: Record<string, string[]> = {}
  const shared = await createShare(WHEEL_NAME, WHEEL_ITEMS)
  await open(page, shared, WHEEL_NAME)
  await scan(page, 'a shared wheel', found)
  await page.getByRole('button', { name: xa('Spin'), exact: true }).click()
  await expect(page.getByTestId('winner-text')).toHaveText(new RegExp(WHEEL_ITEMS.join('|')), {
    timeout: 8000,
  })
  await scan(page, 'a shared wheel after a spin', found)
  expect(found, 'text outside the catalogue, by page').toEqual({})
})

test('the check sees text that is not from the catalogue', async ({ page }) => {
  await page.goto(page$('/about'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(xa('About Whirl'))
  await expectAppRendered(page)
  await page.evaluate(() => {
    const note = document.createElement('p')
    note.textContent = 'Hard-coded words'
    document.querySelector('h1')?.after(note)
    document.querySelector('h1')?.setAttribute('title', 'Another hard-coded title')
  })
  const found: Record<string, string[]> = {}
  await scan(page, '/about', found)
  expect(found['/about']).toEqual(expect.arrayContaining(['Hard-coded words', 'Another hard-coded title']))
  // What the catalogue gave (the heading, its paragraphs) is not reported.
  expect(found['/about']?.join('\n')).not.toMatch(/random picker|fair by construction/)
})
