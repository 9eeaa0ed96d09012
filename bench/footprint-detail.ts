// Which scripts a first visit downloads, one line each (gzip level 9): `npx tsx bench/footprint-detail.ts / /wheel`.
// The footprint bench gives the totals; this says where they come from.
import { gzipSync } from 'node:zlib'
import { launchChromium, startBuiltServer } from './support'

const server = await startBuiltServer()
const browser = await launchChromium()
try {
  for (const p of process.argv.slice(2)) {
    const context = await browser.newContext()
    const page = await context.newPage()
    const rows: Promise<[number, string]>[] = []
    page.on('response', (response) => {
      // Only what crosses the network (not the loader's blob: warm-up worker, decision 0070).
      if (!response.url().startsWith('http') || response.request().resourceType() !== 'script') return
      rows.push(
        response.body().then((b) => [gzipSync(b, { level: 9 }).length, new URL(response.url()).pathname]),
      )
    })
    await page.goto(server.url + p, { waitUntil: 'networkidle' })
    await page.waitForFunction(() => document.querySelector('#root > [inert]') === null)
    await page.waitForLoadState('networkidle')
    const list = (await Promise.all(rows)).sort((a, b) => b[0] - a[0])
    const total = list.reduce((sum, [size]) => sum + size, 0)
    console.log(`\n${p}: ${(total / 1024).toFixed(1)} KiB of JS in ${list.length} files`)
    for (const [size, url] of list) console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${url}`)
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
