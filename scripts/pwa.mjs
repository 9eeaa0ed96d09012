// After `vite build` and the prerender: draws the app's PNG icons from public/favicon.svg and writes
// BUILD_DIR/web/sw.js, the service worker with this build's asset list (see scripts/pwa/worker.js).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'

const webDir = path.join(process.env.BUILD_DIR || 'dist', 'web')

// The pages that open with no network after one visit: the wheel and the static pages.
const OFFLINE_PAGES = [
  '/',
  '/wheel',
  '/about',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/fair',
]

const favicon = readFileSync('public/favicon.svg', 'utf8')
const iconsDir = path.join(webDir, 'icons')
mkdirSync(iconsDir, { recursive: true })
const png = (svg, size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
for (const size of [192, 512]) writeFileSync(path.join(iconsDir, `icon-${size}.png`), png(favicon, size))
// Maskable: the wheel inside the 80 % safe zone on the brand colour.
const inner = favicon.trim().replace(/^<svg[^>]*>|<\/svg>$/g, '')
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#4f46e5"/><g transform="translate(8 8)">${inner}</g></svg>`
writeFileSync(path.join(iconsDir, 'maskable-512.png'), png(maskable, 512))
writeFileSync(path.join(iconsDir, 'apple-touch-icon.png'), png(maskable, 180))

const skipped = new Set(['index.html', 'sw.js', '_pages', '.vite'])
// The catalogue's parts (scripts/i18n-parts.mjs) are precached in English only, like the pages:
// the other languages' parts are some 70 files each.
const otherLanguagePart = (name) => /^[0-9a-f]+\.[A-Za-z-]+\.js$/.test(name) && !name.endsWith('.en.js')
const assets = []
function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    if (skipped.has(name) || /\.(gz|br)$/.test(name)) continue
    if (path.basename(dir) === 'm' && otherLanguagePart(name)) continue
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file)
    else assets.push(`/${path.relative(webDir, file).split(path.sep).join('/')}`)
  }
}
walk(webDir)

const pageFile = (route) => (route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '--')}.html`)
const version = createHash('sha256')
for (const asset of assets) version.update(asset).update(readFileSync(path.join(webDir, asset)))
for (const route of OFFLINE_PAGES) {
  const file = path.join(webDir, '_pages', pageFile(route))
  if (!existsSync(file)) throw new Error(`No prerendered page for ${route} (${file})`)
  version.update(readFileSync(file))
}
const header = [
  `const VERSION = ${JSON.stringify(version.digest('hex').slice(0, 16))}`,
  `const ASSETS = ${JSON.stringify(assets)}`,
  `const PAGES = ${JSON.stringify(OFFLINE_PAGES)}`,
].join('\n')
const body = readFileSync('scripts/pwa/worker.js', 'utf8').replace(/^\/\* global[^\n]*\n/m, '')
writeFileSync(path.join(webDir, 'sw.js'), `${header}\n${body}`)
console.log(`sw.js: ${assets.length} assets, ${OFFLINE_PAGES.length} pages precached`)
