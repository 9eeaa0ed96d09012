// Where the editor's time goes at 10,000 items: a CPU profile of one paste, one shuffle and one undo
// (Chrome DevTools Protocol through Playwright), summed by self time per function. Not a bench:
// run it by hand, `npx tsx bench/editor-profile.ts`, after `npm run build`.
import { launchChromium, startBuiltServer } from './support'

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

function summarise(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  const totals = new Map<string, number>()
  for (const [id, ms] of self) {
    const f = byId.get(id)?.callFrame
    if (!f) continue
    const name = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    totals.set(name, (totals.get(name) ?? 0) + ms)
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)
}

const server = await startBuiltServer()
const browser = await launchChromium()
try {
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  const email = `prof-${Date.now()}@example.com`
  await page.request.post('/api/account/register', {
    data: { displayName: 'P', email, password: 'bench-secret-1', confirmPassword: 'bench-secret-1' },
  })
  await page.request.post('/api/billing/test/simulate-monthly', { data: {} })
  await page.goto('/wheel')
  await page.getByRole('button', { name: 'Clear all' }).click()
  await page.getByRole('button', { name: 'Add many' }).click()
  await page.getByLabel('Items, one per line').waitFor({ state: 'attached' })
  const lines = Array.from({ length: 10_000 }, (_, i) => `Pupil number ${i + 1}`).join('\n')
  await page.evaluate((text) => {
    const area = document.querySelector('textarea') as HTMLTextAreaElement
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, text)
    area.dispatchEvent(new Event('input', { bubbles: true }))
  }, lines)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  const click = async (name: string) => {
    await cdp.send('Profiler.start')
    const ms = await page.evaluate(`new Promise((resolve) => {
      const b = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(name)})
      const t = performance.now(); b.click()
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t)))
    })`)
    await page.waitForTimeout(300)
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
    console.log(`\n== ${name}: ${Math.round(ms as number)} ms to 2nd frame`)
    const measures = await page.evaluate(() => {
      const m = performance.getEntriesByType('measure').map((e) => `${e.name} ${e.duration.toFixed(1)}`)
      performance.clearMeasures()
      return m
    })
    console.log(measures.join('\n'))
    for (const [n, t] of summarise(profile)) console.log(`${t.toFixed(1).padStart(8)}  ${n}`)
  }
  await click('Add lines')
  await page.waitForTimeout(500)
  await click('Shuffle')
  await page.waitForTimeout(500)
  await click('Undo')
} finally {
  await browser.close()
  await server.stop()
}
