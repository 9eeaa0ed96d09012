// The catalogue in parts, one per chunk of code (docs/decisions/0059-catalogue-parts.md). The
// production build gives every chunk the messages its own modules show, as a small module per
// language (assets/m/<part>.<locale>.js), and ends the chunk with
//   globalThis.__whirlNeed("<part>", <1 if English has messages in it>)
// which starts loading that part when the chunk runs, and every dynamic import of the build with
//   import("./chunk.js").then(globalThis.__whirlReady)
// which settles once the parts asked for so far have arrived: a page or a lazy dialog never shows
// English first, and a page loads the words of the code it runs, not the whole catalogue. The
// parts of all the chunks one import brings load side by side (an `await` at the end of each chunk
// made them load one after another, one round trip per level of imports).
// src/web/i18n/parts.ts defines both; every module with messages imports it (added here), so it
// has run before the end of any chunk that needs it. The prerender preloads a page's parts from
// BUILD_DIR/web/.vite/message-parts.json (chunk file → part).
import { createHash } from 'node:crypto'
import path from 'node:path'
import { compiledMessages, messageGroups, PSEUDO, TRANSLATED } from './i18n-catalogue.mjs'

export const PARTS_DIR = 'assets/m'
export const PARTS_MANIFEST = '.vite/message-parts.json'
const RUNTIME = 'src/web/i18n/parts.ts'
// As the minifier leaves the call (its quotes may change).
const CALL = /__whirlNeed\(["'`]([0-9a-f]+)["'`],([01])\)/

// A dynamic import of another chunk, as the bundler writes it (the parts' own imports are absolute).
const DYNAMIC_IMPORT = /\bimport\((["'`])\.{1,2}\/[^"'`]+\1\)/g

/** A part's file name in a language. */
export const partFile = (part, locale) => `${PARTS_DIR}/${part}.${locale}.js`

export function cataloguePartsPlugin({ extract }) {
  let root = process.cwd()
  /** Each module's file → the web messages it holds. */
  let byFile = new Map()
  const emitted = new Set()
  return {
    name: 'whirl-catalogue-parts',
    // The browser's build only: the prerender's server build renders with the whole catalogue.
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root
    },
    buildStart() {
      const { found } = extract()
      const groups = messageGroups(found)
      byFile = new Map()
      emitted.clear()
      for (const [message, files] of found) {
        if (groups.get(message) === 'server') continue
        for (const file of files) {
          const absolute = path.resolve(root, file)
          if (!byFile.has(absolute)) byFile.set(absolute, new Set())
          byFile.get(absolute).add(message)
        }
      }
    },
    transform(code, id) {
      if (!byFile.has(id.split('?')[0])) return null
      // On the module's first line, so its lines keep their numbers.
      return { code: `import ${JSON.stringify(path.resolve(root, RUNTIME))};${code}`, map: null }
    },
    renderChunk(input, chunk) {
      const code = input.replace(DYNAMIC_IMPORT, (call) => `${call}.then(globalThis.__whirlReady)`)
      const messages = new Set()
      for (const [id, module] of Object.entries(chunk.modules)) {
        if (!module.renderedLength) continue
        for (const message of byFile.get(id.split('?')[0]) ?? []) messages.add(message)
      }
      if (messages.size === 0) return code === input ? null : { code, map: null }
      const bodies = Object.fromEntries(
        ['en', ...TRANSLATED, PSEUDO].map((locale) => [
          locale,
          JSON.stringify(compiledMessages(locale, (english) => messages.has(english))),
        ]),
      )
      const part = createHash('sha256').update(JSON.stringify(bodies)).digest('hex').slice(0, 12)
      for (const [locale, body] of Object.entries(bodies)) {
        const fileName = partFile(part, locale)
        if (body === '{}' || emitted.has(fileName)) continue
        emitted.add(fileName)
        this.emitFile({
          type: 'asset',
          fileName,
          source: `export default ${body}\n`,
        })
      }
      const english = bodies.en === '{}' ? 0 : 1
      return {
        code: `${code}\nglobalThis.__whirlNeed(${JSON.stringify(part)},${english});\n`,
        map: null,
      }
    },
    generateBundle(_options, bundle) {
      const parts = {}
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue
        const call = CALL.exec(file.code)
        if (call) parts[file.fileName] = { part: call[1], english: call[2] === '1' }
      }
      this.emitFile({
        type: 'asset',
        fileName: PARTS_MANIFEST,
        source: `${JSON.stringify(parts, null, 2)}\n`,
      })
    },
  }
}
