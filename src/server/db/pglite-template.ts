// A migrated, cleanly shut-down PGlite data folder made once at build time (dist/pglite-template/)
// and copied into an empty data folder at the first start, instead of running
// initdb (a second PostgreSQL WebAssembly instance plus initdb's own) and every migration on each
// machine. See docs/decisions/0019-speed-pass.md.
import { createHash } from 'node:crypto'
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The template folder's name in the build folder (beside server/ and web/). */
export const PGLITE_TEMPLATE_DIR = 'pglite-template'
/**
 * Beside the folder: the PGlite version that made it (another version's template is not used) and a
 * digest of the migrations it holds (the build remakes it only when they or PGlite change).
 */
export const PGLITE_TEMPLATE_INFO = 'pglite-template.json'

export type TemplateInfo = { pglite: string; migrations: string }

/** A digest of the migrations folder: its journal and every migration the journal names. */
export function migrationsDigest(migrationsFolder: string): string {
  const hash = createHash('sha256')
  const journal = readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'))
  hash.update(journal)
  for (const entry of (JSON.parse(journal.toString('utf8')) as { entries: { tag: string }[] }).entries) {
    hash.update(readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`)))
  }
  return hash.digest('hex')
}

export function readPgliteTemplateInfo(buildDir: string): Partial<TemplateInfo> | null {
  const file = path.join(buildDir, PGLITE_TEMPLATE_INFO)
  if (!existsSync(file)) return null
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<TemplateInfo>
  } catch {
    return null
  }
}

/** The installed @electric-sql/pglite version (its package.json is not exported, so found by path). */
export function installedPgliteVersion(): string {
  const require = createRequire(import.meta.url)
  let dir = path.dirname(require.resolve('@electric-sql/pglite'))
  for (;;) {
    const file = path.join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version
    }
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('Could not find the version of @electric-sql/pglite')
    dir = parent
  }
}

/**
 * The build's template, looked for from the bundled server's folder up to the build folder
 * (dist/server/main.js and dist/server/assets/*.js both find dist/pglite-template), if the installed
 * PGlite made it. Running from the source tree there is none.
 */
export function findPgliteTemplate(start = path.dirname(fileURLToPath(import.meta.url))): string | null {
  for (const dir of [start, path.dirname(start), path.dirname(path.dirname(start))]) {
    const folder = path.join(dir, PGLITE_TEMPLATE_DIR)
    const info = readPgliteTemplateInfo(dir)
    if (!info || !existsSync(path.join(folder, 'PG_VERSION'))) continue
    return info.pglite === installedPgliteVersion() ? folder : null
  }
  return null
}

/** Records, beside a template folder, what made it. */
export function writePgliteTemplateInfo(folder: string, info: TemplateInfo): void {
  writeFileSync(path.join(path.dirname(folder), PGLITE_TEMPLATE_INFO), `${JSON.stringify(info)}\n`)
}

/**
 * Copies the template into dir when dir holds no database yet (missing or empty). It is copied
 * beside dir and renamed into place, so an interrupted first start leaves no half-made database.
 * Returns false (and changes nothing) when dir already holds something.
 */
export function restorePgliteTemplate(template: string, dir: string): boolean {
  if (existsSync(dir)) {
    if (readdirSync(dir).length > 0) return false
    rmdirSync(dir)
  }
  mkdirSync(path.dirname(dir), { recursive: true })
  const partial = `${dir}.partial-${process.pid}`
  rmSync(partial, { recursive: true, force: true })
  try {
    // A copy-on-write clone where the file system has them, else a plain copy.
    cpSync(template, partial, { recursive: true, mode: constants.COPYFILE_FICLONE })
    renameSync(partial, dir)
  } catch (error) {
    rmSync(partial, { recursive: true, force: true })
    throw error
  }
  return true
}
