// Which Intl objects a page makes while it loads, when, and how long each took to make (decision
// 0070: the first formatter of a renderer process loads the locale data the others share).
// Not a bench: run it by hand after `npm run build`, e.g. `npx tsx bench/intl-probe.ts /wheel /ja/wheel`;
// each page opens in a fresh context (a first visit) and is watched for LOAD_MS (3,000 by default).
import { launchChromium, startBuiltServer } from './support'

const KINDS = [
  'NumberFormat',
  'DateTimeFormat',
  'RelativeTimeFormat',
  'PluralRules',
  'Collator',
  'ListFormat',
  'Segmenter',
  'DisplayNames',
  'Locale',
]
const watchMs = Number(process.env.LOAD_MS ?? 3000)

const server = await startBuiltServer()
const browser = await launchChromium()
try {
  for (const path of process.argv.slice(2)) {
    const context = await browser.newContext()
    await context.addInitScript((kinds: string[]) => {
      const made: string[] = []
      Object.assign(window, { intlMade: made })
      const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>
      for (const kind of kinds) {
        const Real = intl[kind]
        if (!Real) continue
        intl[kind] = new Proxy(Real, {
          construct(target, args) {
            const start = performance.now()
            const made_ = Reflect.construct(target, args)
            const took = performance.now() - start
            made.push(`${kind}(${JSON.stringify(args)}) at ${start.toFixed(0)} ms: ${took.toFixed(1)} ms`)
            return made_
          },
        })
      }
    }, KINDS)
    const page = await context.newPage()
    await page.goto(`${server.url}${path}`)
    await page.waitForTimeout(watchMs)
    const made = await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)
    const workers = page.workers().length
    console.log(`${path}: ${made.length} Intl objects made, ${workers} worker(s) still open`)
    for (const line of made) console.log(`  ${line}`)
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
