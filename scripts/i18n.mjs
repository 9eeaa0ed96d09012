// The message catalogue's two commands (docs/decisions/0058-languages.md):
//   node scripts/i18n.mjs extract   writes src/core/i18n/catalogue/en.json: every message of the code,
//                                   the first argument of t(), tx() and msg() calls (English, ICU)
//   node scripts/i18n.mjs check     fails on a message missing or left over in any language, on a
//                                   translation whose placeholders or tags differ from the English,
//                                   on a message that does not compile, on en.json out of date with
//                                   the code, and on two messages whose ids collide
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parse } from '@messageformat/parser'
import { parseAst } from 'rolldown/parseAst'
import { CATALOGUE_DIR, messageId, readCatalogue, TRANSLATED } from './i18n-catalogue.mjs'

const CALLEES = new Set(['t', 'tx', 'msg'])

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every message in the code, with the files it is used in. */
export function extractMessages(root = 'src') {
  const found = new Map()
  const problems = []
  for (const file of sourceFiles(root)) {
    const code = readFileSync(file, 'utf8')
    if (!/\b(t|tx|msg)\(/.test(code)) continue
    const ast = parseAst(code, { lang: file.endsWith('x') ? 'tsx' : 'ts' })
    const visit = (node) => {
      if (!node || typeof node !== 'object') return
      if (Array.isArray(node)) {
        for (const child of node) visit(child)
        return
      }
      if (
        node.type === 'CallExpression' &&
        node.callee?.type === 'Identifier' &&
        CALLEES.has(node.callee.name)
      ) {
        const first = node.arguments[0]
        const text =
          first?.type === 'Literal' && typeof first.value === 'string'
            ? first.value
            : first?.type === 'TemplateLiteral' && first.expressions.length === 0
              ? first.quasis[0].value.cooked
              : undefined
        if (text !== undefined) {
          if (!found.has(text)) found.set(text, new Set())
          found.get(text).add(file)
        }
        if (text === undefined && node.callee.name === 'msg') {
          problems.push(`${file}: msg() takes a literal message`)
        }
      }
      for (const key of Object.keys(node)) if (key !== 'type') visit(node[key])
    }
    visit(ast)
  }
  return { found, problems }
}

/** A message's placeholders and tags, e.g. "{count}", "plural:count", "<0>". */
function shapeOf(message) {
  const shape = new Set()
  const walk = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'argument') shape.add(`{${token.arg}}`)
      else if (token.type === 'function') shape.add(`{${token.arg}, ${token.key}}`)
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        shape.add(`{${token.arg}, ${token.type}}`)
        for (const c of token.cases) walk(c.tokens)
      } else if (token.type === 'content') {
        for (const m of token.value.matchAll(/<\/?(\d+)\/?>/g)) shape.add(m[0].replace('/', ''))
      }
    }
  }
  walk(parse(message))
  return [...shape].sort().join(' ')
}

function sorted(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

function extract() {
  const { found, problems } = extractMessages()
  for (const p of problems) console.error(p)
  const english = sorted(Object.fromEntries([...found.keys()].map((m) => [m, m])))
  writeFileSync(path.join(CATALOGUE_DIR, 'en.json'), `${JSON.stringify(english, null, 2)}\n`)
  console.log(`${found.size} messages in en.json`)
  return problems.length === 0
}

function check() {
  const errors = []
  const { found, problems } = extractMessages()
  errors.push(...problems)
  const english = readCatalogue('en')
  for (const m of found.keys())
    if (!(m in english)) errors.push(`en.json lacks "${m}" (run npm run i18n:extract)`)
  for (const m of Object.keys(english))
    if (!found.has(m)) errors.push(`en.json holds "${m}", which the code no longer uses`)
  const ids = new Map()
  for (const m of Object.keys(english)) {
    const id = messageId(m)
    if (ids.has(id)) errors.push(`"${m}" and "${ids.get(id)}" share the id ${id}: reword one`)
    ids.set(id, m)
  }
  const shapes = new Map()
  for (const m of Object.keys(english)) {
    try {
      shapes.set(m, shapeOf(m))
    } catch (error) {
      errors.push(`English "${m}" is not a valid ICU message: ${error.message}`)
    }
  }
  for (const locale of TRANSLATED) {
    let catalogue
    try {
      catalogue = readCatalogue(locale)
    } catch (error) {
      errors.push(`${locale}.json cannot be read: ${error.message}`)
      continue
    }
    for (const m of Object.keys(english)) {
      const text = catalogue[m]
      if (typeof text !== 'string' || !text.trim()) {
        errors.push(`${locale}: missing "${m}"`)
        continue
      }
      let shape
      try {
        shape = shapeOf(text)
      } catch (error) {
        errors.push(`${locale}: "${text}" is not a valid ICU message: ${error.message}`)
        continue
      }
      if (shapes.has(m) && shape !== shapes.get(m))
        errors.push(
          `${locale}: "${m}" has placeholders [${shapes.get(m)}] but the translation has [${shape}]`,
        )
    }
    for (const m of Object.keys(catalogue))
      if (!(m in english)) errors.push(`${locale}: "${m}" is not a message of the code`)
  }
  for (const e of errors) console.error(e)
  console.log(
    errors.length
      ? `${errors.length} catalogue problems`
      : `catalogue complete: ${Object.keys(english).length} messages in ${TRANSLATED.length + 1} languages`,
  )
  return errors.length === 0
}

const command = import.meta.url === pathToFileURL(process.argv[1] ?? '').href ? process.argv[2] : undefined
if (command === 'extract') process.exitCode = extract() ? 0 : 1
else if (command === 'check') process.exitCode = check() ? 0 : 1
else if (command) {
  console.error('usage: node scripts/i18n.mjs extract|check')
  process.exitCode = 2
}
