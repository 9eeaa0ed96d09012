// The layout rules of the design (README "Layout"), checked on every `npm test`:
// 1. no import cycles anywhere under src/ (type-only imports count too: a cycle of types is still a
//    knot two files must change together);
// 2. a feature (src/web/features/<name>/) never imports a sibling feature;
// 3. in the web app, ui/, api/, state/, router/ and i18n/ never import features/ or app/, and features/ never
//    import app/;
// 4. no import cycles between folders: a folder is the directory a file is in (src/server/auth,
//    src/core/wheel; src/server/*.ts is the folder src/server), and if any file of folder A imports a
//    file of folder B, no file of B may import, directly or through other folders, a file of A. Tests
//    (*.test.ts, *.test.tsx) are left out of this rule only: a test stands above its folder and may
//    import the test kit, which builds the whole app.
// 5. in src/web and src/core a name has one home: no module passes on names of another (`export …
//    from`, or `export { x }` of an imported x), apart from the doors in REEXPORT_DOORS.
// 6. the user's data in this browser has one owner (decision 0052): outside the owner's files
//    (BROWSER_DATA_OWNER) no module sets the wheel store's state directly (`useWheelStore.setState`:
//    a screen changes it through the store's actions, cloud sync through browser-data.ts), and none
//    imports the saved wheels' persistence (BROWSER_DATA_INSIDE), only browser-data*.ts. Tests may.
// 7. in src/server, a folder whose code works on the Fastify app (names FastifyInstance) is a module
//    and exposes it as a plugin, `export const xPlugin = fp(…)` (fastify-plugin, with a name and its
//    dependencies, decision 0034), apart from the helper folders in SERVER_HELPERS and src/server
//    itself (app.ts assembles the plugins).
// It reads relative import specifiers as text (static, `export … from`, and dynamic import()),
// which is all this codebase uses. Prints each break and exits 1 if there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * Imports that break rule 2 or 3 for now, each with its reason. Keep this list short and say when
 * an entry goes.
 */
export const ALLOWED = []

const SOURCE = /\.(ts|tsx|mjs)$/
const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '/index.ts']
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])(\.{1,2}\/[^'"]+)\1/gm

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file, out)
    else if (SOURCE.test(name)) out.push(file.split(path.sep).join('/'))
  }
  return out
}

function resolve(from, specifier) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
  for (const ext of EXTENSIONS) {
    const candidate = base + ext
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The import graph: file → files it imports (relative imports only). */
export function importGraph(root = 'src') {
  const graph = new Map()
  for (const file of walk(root)) {
    const text = readFileSync(file, 'utf8')
    const targets = new Set()
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(file, match[2])
      if (target && SOURCE.test(target)) targets.add(target)
    }
    graph.set(file, [...targets])
  }
  return graph
}

/** Strongly connected groups of more than one file, or a file that imports itself (Tarjan). */
export function cycles(graph) {
  let counter = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  const visit = (node) => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node), low.get(next)))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)))
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

const TEST = /\.test\.(ts|tsx|mjs)$/

/**
 * The folder graph: folder → folders its files import (tests left out), with one file import that
 * makes each edge, for the message.
 */
export function folderGraph(graph) {
  const folders = new Map()
  const witness = new Map()
  for (const [from, targets] of graph) {
    if (TEST.test(from)) continue
    const a = path.posix.dirname(from)
    if (!folders.has(a)) folders.set(a, new Set())
    for (const to of targets) {
      const b = path.posix.dirname(to)
      if (a === b) continue
      folders.get(a).add(b)
      if (!witness.has(`${a} → ${b}`)) witness.set(`${a} → ${b}`, `${from} → ${to}`)
    }
  }
  return { graph: new Map([...folders].map(([folder, to]) => [folder, [...to]])), witness }
}

/** Each folder-level cycle, with the file imports that close it. */
export function folderCycles(graph) {
  const folders = folderGraph(graph)
  return cycles(folders.graph).map((group) => {
    const members = new Set(group)
    const edges = [...folders.witness]
      .filter(([edge]) => edge.split(' → ').every((folder) => members.has(folder)))
      .map(([, files]) => files)
    return `folder cycle: ${group.join(' ↔ ')} (${edges.join('; ')})`
  })
}

const WEB = 'src/web/'
const layerOf = (file) => (file.startsWith(WEB) ? file.slice(WEB.length).split('/')[0] : null)
const featureOf = (file) => (file.startsWith(`${WEB}features/`) ? file.split('/')[3] : null)
const SHARED = new Set(['ui', 'api', 'state', 'router', 'testing', 'i18n'])

/** Imports that break the web app's one-way layers. */
export function layerBreaks(graph, allowed = ALLOWED) {
  const ok = new Set(allowed.map(([from, to]) => `${from} → ${to}`))
  const breaks = []
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [a, b] = [layerOf(from), layerOf(to)]
      if (a === null || b === null || ok.has(`${from} → ${to}`)) continue
      let reason = null
      if (a === 'features' && b === 'features' && featureOf(from) !== featureOf(to)) {
        reason = 'a feature imports a sibling feature (move what they share to state/, api/ or ui/)'
      } else if (SHARED.has(a) && (b === 'features' || b === 'app')) {
        reason = `${a}/ imports ${b}/`
      } else if (a === 'features' && b === 'app') {
        reason = 'a feature imports app/'
      }
      if (reason) breaks.push(`${from} → ${to}: ${reason}`)
    }
  }
  return breaks
}

/** Modules that may pass on names of others, each with its reason. */
export const REEXPORT_DOORS = [
  ['src/web/router/index.ts', "the router's one door for pages and components (decision 0021)"],
  ['src/web/prerender.tsx', 'the build entry that scripts/prerender.mjs reads the page list from'],
]

const IMPORTED = /^\s*import\s+(?:type\s+)?(?:\w+\s*,\s*)?\{([^}]*)\}\s*from/gm
const EXPORT_LIST = /^\s*export\s+(?:type\s+)?\{([^}]*)\}(\s*from\b)?/gm
const EXPORT_ALL = /^\s*export\s+\*/m
const namesOf = (list) =>
  list
    .split(',')
    .map(
      (part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0],
    )
    .filter(Boolean)

/** Re-exports in src/web and src/core: a module handing on a name that has its home elsewhere. */
export function reExports(graph, doors = REEXPORT_DOORS) {
  const allowed = new Set(doors.map(([file]) => file))
  const found = []
  for (const file of graph.keys()) {
    if (!/^src\/(web|core)\//.test(file) || allowed.has(file)) continue
    const text = readFileSync(file, 'utf8')
    const imported = new Set([...text.matchAll(IMPORTED)].flatMap((m) => namesOf(m[1])))
    const passed = EXPORT_ALL.test(text) ? ['*'] : []
    for (const match of text.matchAll(EXPORT_LIST)) {
      passed.push(...namesOf(match[1]).filter((name) => match[2] || imported.has(name)))
    }
    if (passed.length)
      found.push(`${file} re-exports ${passed.join(', ')}: import them from their own module`)
  }
  return found
}

/** The files that own the user's data in this browser (decision 0052). */
export const BROWSER_DATA_OWNER =
  /^src\/web\/state\/(wheel-store(-writes|-written)?|wheel-edits|browser-data[\w-]*|saved-wheels?-[\w-]+)\.ts$/
/** The owner's insides: what keeps the saved wheels, reached from elsewhere through browser-data*.ts. */
const BROWSER_DATA_INSIDE = /^src\/web\/state\/saved-wheels-(state|persistence|start)\.ts$/
const SETS_WHEEL_STORE = /\buseWheelStore\s*\.\s*setState\b/

/** Modules of src/web outside the owner that set the wheel store's state or reach past browser-data. */
export function ownerBreaks(graph) {
  const found = []
  for (const [file, targets] of graph) {
    if (!file.startsWith('src/web/') || TEST.test(file) || BROWSER_DATA_OWNER.test(file)) continue
    if (SETS_WHEEL_STORE.test(readFileSync(file, 'utf8')))
      found.push(
        `${file} sets the wheel store's state (useWheelStore.setState): change it through a store action or browser-data.ts`,
      )
    for (const to of targets)
      if (BROWSER_DATA_INSIDE.test(to))
        found.push(`${file} → ${to}: the saved wheels' persistence is reached through browser-data.ts`)
  }
  return found
}

/** Folders of src/server that work on the app for modules but are not modules, each with its reason. */
export const SERVER_HELPERS = [
  ['src/server/jobs', "periodic jobs: a helper each module's plugin calls with its own work"],
  ['src/server/testing', 'the test kit: stand-ins and helpers that build the whole app'],
]

const PLUGIN_EXPORT = /^export const \w+Plugin = fp\(/m

/** Server folders whose code works on the Fastify app but that expose no plugin. */
export function missingPlugins(graph, helpers = SERVER_HELPERS) {
  const exempt = new Set(helpers.map(([folder]) => folder))
  const folders = new Map()
  for (const file of graph.keys()) {
    const folder = path.posix.dirname(file)
    if (!file.startsWith('src/server/') || folder === 'src/server' || TEST.test(file) || exempt.has(folder))
      continue
    const text = readFileSync(file, 'utf8')
    const seen = folders.get(folder) ?? { app: false, plugin: false }
    seen.app ||= text.includes('FastifyInstance')
    seen.plugin ||= PLUGIN_EXPORT.test(text)
    folders.set(folder, seen)
  }
  return [...folders]
    .filter(([, seen]) => seen.app && !seen.plugin)
    .map(
      ([folder]) =>
        `${folder} works on the Fastify app but exposes no plugin: export const xPlugin = fp(async (app, options) => …, { name: 'whirl-…', dependencies: […] })`,
    )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = importGraph(process.argv[2] ?? 'src')
  const problems = [
    ...cycles(graph).map((group) => `import cycle: ${group.join(' ↔ ')}`),
    ...folderCycles(graph),
    ...layerBreaks(graph),
    ...reExports(graph),
    ...ownerBreaks(graph),
    ...missingPlugins(graph),
  ]
  for (const problem of problems) console.error(problem)
  console.log(`structure: ${graph.size} files, ${problems.length} problem${problems.length === 1 ? '' : 's'}`)
  process.exit(problems.length ? 1 : 0)
}
