// The message catalogue on disk (src/core/i18n/catalogue/<locale>.json: English source → translation;
// en.json lists every message of the code, written by `npm run i18n:extract`) and what the build
// makes of it: per language a module of compiled messages keyed by the source's id (Lingui's
// compiled form, read by @lingui/core at run time). The web loads only its language's module.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileMessage } from '@lingui/message-utils/compileMessage'

export const CATALOGUE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/core/i18n/catalogue',
)
export const TRANSLATED = ['es', 'pt-BR', 'fr', 'de', 'it', 'ja', 'ko', 'tr', 'ar']
export const PSEUDO = 'en-XA'

/** Same hash as src/core/i18n/message-id.ts (a unit test keeps the two equal). */
export function messageId(source) {
  let hash = 0x811c9dc5
  for (let i = 0; i < source.length; i++) {
    hash ^= source.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

export function readCatalogue(locale) {
  return JSON.parse(readFileSync(path.join(CATALOGUE_DIR, `${locale}.json`), 'utf8'))
}

/** Swaps letters outside ICU syntax for look-alikes and brackets the whole: "Spin" → "⟦Śƥíñ⟧". */
export function pseudoMessage(source) {
  const from = 'aceinorsuyACEINORSUY'
  const to = 'áçéíñóŕšúýÁÇÉÍÑÓŔŠÚÝ'
  let depth = 0
  let tag = false
  let out = ''
  for (const ch of source) {
    if (ch === '{') depth++
    else if (ch === '}') depth--
    else if (ch === '<') tag = true
    else if (ch === '>' && tag) {
      tag = false
      out += ch
      continue
    }
    // Text at an even depth is words (the top level, a plural's branches); at an odd depth, syntax.
    const index = depth % 2 === 0 && !tag ? from.indexOf(ch) : -1
    out += index >= 0 ? to[index] : ch
  }
  return `⟦${out}⟧`
}

/**
 * Which messages the web loads: 'web', every message a page can show, or 'server', the messages
 * only the server uses (its errors, mails and pages, translated by the server).
 */
export function messageGroups(found) {
  const groups = new Map()
  for (const [message, files] of found) {
    const serverOnly = [...files].every((file) => file.replaceAll(path.sep, '/').includes('src/server/'))
    groups.set(message, serverOnly ? 'server' : 'web')
  }
  return groups
}

/**
 * A language's compiled messages, keyed by id, for the English messages `wanted` accepts. English
 * ships only the messages that are not plain text (placeholders, plurals): a plain message is shown
 * as the code wrote it.
 */
export function compiledMessages(locale, wanted) {
  const source = readCatalogue('en')
  const translations = locale === 'en' || locale === PSEUDO ? null : readCatalogue(locale)
  const out = {}
  for (const english of Object.keys(source)) {
    if (!wanted(english)) continue
    const text = locale === PSEUDO ? pseudoMessage(english) : (translations?.[english] ?? english)
    const compiled = compileMessage(text)
    if (locale === 'en' && compiled.length === 1 && compiled[0] === english) continue
    out[messageId(english)] = compiled
  }
  return out
}

const VIRTUAL = 'virtual:catalogue/'

/**
 * The whole catalogue of a language as one module, `import('virtual:catalogue/es')`: for the dev
 * server, the unit tests and the prerender. The production pages load it in parts (below).
 */
export function cataloguePlugin({ extract }) {
  let groups = null
  return {
    buildStart() {
      groups = null
    },
    watchChange() {
      groups = null
    },
    name: 'whirl-catalogue',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return undefined
      const locale = id.slice(VIRTUAL.length + 1)
      this.addWatchFile(path.join(CATALOGUE_DIR, 'en.json'))
      if (locale !== 'en' && locale !== PSEUDO) this.addWatchFile(path.join(CATALOGUE_DIR, `${locale}.json`))
      groups ??= messageGroups(extract().found)
      const messages = compiledMessages(locale, (english) => groups.get(english) !== 'server')
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))})`
    },
  }
}
