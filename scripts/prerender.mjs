// Prerenders every page of the app in every language into BUILD_DIR/web/_pages/<prefix>/<page>.html
// (after `vite build`; English has no prefix: _pages/<page>.html): the built index.html with the
// page's markup inside #root, and its head in the page's language (lang and dir, title, description,
// the other languages' addresses). The server sends these instead of the bare shell, so a phone
// paints the page before the JavaScript has arrived.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { PARTS_DIR, PARTS_MANIFEST, partFile } from './i18n-parts.mjs'

const buildDir = process.env.BUILD_DIR || 'dist'
const webDir = path.join(buildDir, 'web')
const ssrDir = path.join(buildDir, 'prerender')

await build({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: {
    ssr: 'src/web/prerender.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    // The browser build's short-hashed file names (vite.config.ts) are not for this one: its entry
    // is read below by its plain name.
    rolldownOptions: { output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' } },
  },
})
const {
  render,
  pageHead,
  STATIC_PAGES,
  APP_PATHS,
  NOT_FOUND_PAGE,
  prerenderedPageFile,
  WHEEL_TITLE_ID,
  SAVED_LIST_SCRIPT,
  WHEEL_TITLE_SCRIPT,
  LOCALES,
  LOCALE_INFO,
  PSEUDO_LOCALE,
  localizedPath,
} = await import(pathToFileURL(path.resolve(ssrDir, 'prerender.js')).href)

// The code each page needs, preloaded beside the main bundle instead of after it: the route's
// lazy modules (read from app/page-table.tsx) and their static imports, as Vite's manifest lists them.
const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'))
const pageTableSource = readFileSync('src/web/app/page-table.tsx', 'utf8')
function routeModules(route) {
  const modules = []
  for (const block of pageTableSource.split(/\n\s*\{\s*(?=path:|index:)/).slice(1)) {
    const own = block.split(/\n\s*\{\s*(?=path:|index:)/)[0]
    const routePath = /^index:/.test(own) ? '/' : /^path: '([^']+)'/.exec(own)?.[1]
    if (routePath !== route) continue
    for (const [, spec] of own.matchAll(/import\('([^']+)'\)/g)) {
      const base = path.posix.join('src/web/app', spec)
      const key = [`${base}.tsx`, `${base}.ts`].find((name) => manifest[name])
      if (key) modules.push(key)
    }
  }
  return modules
}
// Each chunk's part of the catalogue (scripts/i18n-parts.mjs): a page preloads the parts of its
// chunks in its language with them, so the words do not wait for the code that asks for them.
const messageParts = JSON.parse(readFileSync(path.join(webDir, PARTS_MANIFEST), 'utf8'))
// The header's lazy parts (the 'header-late' chunk of scripts/chunk-groups.mjs), which every page loads right
// after its first render: their words go in the page's bundle of parts too, though their code is
// not preloaded.
const lateFiles = () =>
  Object.values(manifest)
    .filter((chunk) => chunk.name === 'header-late')
    .map((chunk) => chunk.file)
const templateFiles = () =>
  [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(([, file]) => file)
function preloadLinks(route, locale) {
  const files = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || chunk.isEntry || files.has(chunk.file) || template.includes(`/${chunk.file}"`)) return
    files.add(chunk.file)
    for (const dependency of chunk.imports ?? []) visit(dependency)
  }
  for (const key of routeModules(route === NOT_FOUND_PAGE ? '*' : route)) visit(key)
  const parts = [
    ...new Set(
      [...templateFiles(), ...files, ...lateFiles()]
        .map((file) => messageParts[file])
        .filter((part) => part && (locale !== 'en' || part.english))
        .map(({ part }) => part),
    ),
  ].filter((part) => existsSync(path.join(webDir, partFile(part, locale))))
  const bundle = partsBundle(parts, locale)
  const preloads = [...files, ...(bundle ? [bundle] : parts.map((part) => partFile(part, locale)))]
  const meta = bundle ? `<meta name="whirl-parts" content="/${bundle} ${parts.join(' ')}">` : ''
  return meta + preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')
}

/**
 * A page gets the parts of its code in one file (assets/m/page-<hash>.<locale>.js), which
 * src/web/i18n/parts.ts loads in their place: the wheel page's ten small parts compressed a fifth
 * worse one by one, and cost ten requests. English did without until decision 0069: its parts
 * (the messages with placeholders only) are few and small, but the wheel page's five still cost
 * five requests and 0.3 KiB more than one file.
 */
function partsBundle(parts, locale) {
  if (parts.length < 2) return null
  const messages = {}
  for (const part of parts) {
    const source = readFileSync(path.join(webDir, partFile(part, locale)), 'utf8')
    Object.assign(messages, JSON.parse(source.replace(/^export default /, '')))
  }
  const body = `export default ${JSON.stringify(messages)}\n`
  const file = `${PARTS_DIR}/page-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${locale}.js`
  writeFileSync(path.join(webDir, file), body)
  return file
}

/**
 * The loader's first step: a worker, on the other core, makes the page's first number, price and
 * date formatters and closes. Chromium's first Intl formatter of a process loads the locale data
 * that all of them share, 30–150 ms (Japanese the most) in whichever task asks first: without
 * this, React's first render of the wheel page (its stats) or of /saved (the cards' dates); a
 * price's currency data 13 ms more. That data is kept for the whole process, so the page's own
 * formatters are then made in 0–2 ms (decision 0070). The worker is named after the page's
 * language; the CSP allows blob: workers.
 */
const INTL_WORK =
  "try{const l=self.name;new Intl.NumberFormat(l).format(1);new Intl.NumberFormat(l,{style:'currency',currency:'USD'}).format(1);" +
  'new Intl.DateTimeFormat(l).format(0)}catch{}close()'
// The worker holds its script from its creation on, so the blob's address is let go at once.
const WARM_INTL = `try{const u=URL.createObjectURL(new Blob([${JSON.stringify(INTL_WORK)}],{type:'text/javascript'}));new Worker(u,{name:document.documentElement.lang});URL.revokeObjectURL(u)}catch{}`

/**
 * A prerendered page has something to show before any script runs, so its scripts start after its
 * first paint: the entry script and the preloads leave the head for a small inline loader at the
 * end of the body, which adds them back one frame later (at once in a hidden tab, which paints
 * nothing; after 250 ms at the latest). On a slow connection the page's CSS then no longer shares
 * the line with ~120 KiB of JavaScript, so the page shows in about half the time (decision 0019).
 * The loader's hash is allowed by the server's Content-Security-Policy like the theme script's.
 */
function startAfterFirstPaint(page) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(page)
  if (!entry) throw new Error('The built index.html has no entry script')
  const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
  let html = page.replace(entry[0], '')
  for (const [link] of preloads) html = html.replace(link, '')
  const files = JSON.stringify(preloads.map(([, href]) => href))
  const loader =
    `<script>(()=>{${WARM_INTL}const add=(tag,props)=>document.head.append(Object.assign(document.createElement(tag),props));` +
    `let started=false;const start=()=>{if(started)return;started=true;` +
    `add('script',{type:'module',crossOrigin:'',src:${JSON.stringify(entry[1])}});` +
    // Each added script or link starts a request, about 0.6 ms on a fast machine and several on a
    // slow phone: the entry script first, then three links per task, so that the twenty of the wheel
    // page are not one long task (Total Blocking Time, decision 0019).
    `const files=${files};const more=()=>{for(const href of files.splice(0,3))add('link',{rel:'modulepreload',crossOrigin:'',href});` +
    `if(files.length)setTimeout(more)};setTimeout(more)};` +
    // A frame that never comes (a tab hidden meanwhile, a throttled frame) must not hold the app back.
    `document.hidden?start():(requestAnimationFrame(()=>setTimeout(start)),setTimeout(start,250))})()</script>`
  return html.replace('</body>', `${loader}</body>`)
}

const template = readFileSync(path.join(webDir, 'index.html'), 'utf8')
const marker = '<div id="root"></div>'
if (!template.includes(marker)) throw new Error(`index.html has no ${marker}`)

const outDir = path.join(webDir, '_pages')
rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })
const escapeAttr = (value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The page's head in its language: <html lang dir>, its title and description, and for a page that
 * is the same in every language, its address in each (hreflang, x-default the English one). The
 * public address is filled in by the server (%WHIRL_PUBLIC_URL%, like the support email).
 */
function localizedHead(page, route, locale) {
  const { title, description } = pageHead(route)
  const alternates =
    locale !== PSEUDO_LOCALE && route !== NOT_FOUND_PAGE
      ? [...LOCALES.map((l) => [l, localizedPath(l, route)]), ['x-default', route]]
          .map(([l, href]) => `<link rel="alternate" hreflang="${l}" href="%WHIRL_PUBLIC_URL%${href}">`)
          .join('')
      : '<meta name="robots" content="noindex">'
  return page
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeAttr(description)}" />`,
    )
    .replace('</head>', () => `${alternates}</head>`)
}

const pages = [...APP_PATHS.map((route) => [route, STATIC_PAGES.includes(route)]), [NOT_FOUND_PAGE, true]]
const started = performance.now()
let written = 0
for (const locale of [...LOCALES, PSEUDO_LOCALE]) {
  const prefix = LOCALE_INFO[locale].prefix
  mkdirSync(path.join(outDir, prefix), { recursive: true })
  for (const [route, whole] of pages) {
    const page = await renderPage(route, whole, locale)
    writeFileSync(path.join(outDir, prefix, prerenderedPageFile(route)), page)
    written++
  }
}

async function renderPage(route, whole, locale) {
  let markup = await render(route, whole, locale)
  if (/<script\b/i.test(markup)) throw new Error(`Prerendered ${route} contains a script`)
  // The wheel page's heading takes the stored wheel's name before the first paint (prerender.tsx).
  if (route === '/wheel') {
    const heading = new RegExp(`<h1 id="${WHEEL_TITLE_ID}"[^>]*>[^<]*</h1>`).exec(markup)
    if (!heading) throw new Error('The prerendered wheel page has no heading')
    markup = markup.replace(heading[0], () => heading[0] + WHEEL_TITLE_SCRIPT)
  }
  // /saved starts reading its list as the page is parsed, before its stylesheet (prerender.tsx).
  const head = localizedHead(template, route, locale)
  // inert until the app has rendered over it: a click on a control that has no code yet would be lost.
  return startAfterFirstPaint(
    (route === '/saved' ? head.replace('</title>', () => `</title>${SAVED_LIST_SCRIPT}`) : head)
      .replace('</head>', `${preloadLinks(route, locale)}</head>`)
      .replace(marker, `<div id="root"><div inert>${markup}</div></div>`),
  )
}
rmSync(ssrDir, { recursive: true, force: true })
console.log(
  `prerendered ${pages.length} pages in ${LOCALES.length + 1} languages (${written} files) into ${outDir} in ${Math.round(performance.now() - started)} ms`,
)
