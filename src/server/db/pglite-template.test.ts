import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { buildPgliteTemplate } from './build-pglite-template'
import { findMigrationsFolder, openDatabase, PGLITE_SETTINGS } from './client'
import {
  findPgliteTemplate,
  installedPgliteVersion,
  migrationsDigest,
  PGLITE_TEMPLATE_DIR,
  PGLITE_TEMPLATE_INFO,
  restorePgliteTemplate,
  type TemplateInfo,
} from './pglite-template'

const work = mkdtempSync(path.join(tmpdir(), 'whirl-template-test-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

type Journal = { entries: { tag: string }[] }
const journal = JSON.parse(
  readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
) as Journal

type Rows = { rows: Record<string, unknown>[] }
const clientOf = (database: { db: unknown }) => (database.db as { $client: PGlite }).$client
const rows = async (client: PGlite, query: string) => ((await client.query(query)) as Rows).rows

describe('the PGlite template', () => {
  it('a new data folder starts from an older template, and the migrations newer than it are applied', async () => {
    // A template made by an older build: every migration but the last, and a marker table that
    // only the template has (so the test can tell the template was copied, not initdb run).
    const oldMigrations = path.join(work, 'old-drizzle')
    cpSync(findMigrationsFolder(), oldMigrations, { recursive: true })
    const older = { ...journal, entries: journal.entries.slice(0, -1) }
    writeFileSync(path.join(oldMigrations, 'meta', '_journal.json'), JSON.stringify(older))
    const template = path.join(work, 'old-build', PGLITE_TEMPLATE_DIR)
    mkdirSync(path.dirname(template))
    const maker = new PGlite(template, { postgresqlconf: PGLITE_SETTINGS })
    await migrate(drizzle({ client: maker }), { migrationsFolder: oldMigrations })
    await maker.exec(
      `create table template_marker (made text); insert into template_marker values ('at build')`,
    )
    await maker.close()

    const dir = path.join(work, 'data', 'pglite')
    const database = await openDatabase({ kind: 'pglite', dir }, { pgliteTemplate: template })
    try {
      const client = clientOf(database)
      expect(await rows(client, 'select made from template_marker')).toEqual([{ made: 'at build' }])
      // The last migration (not in the template) ran: its table exists.
      expect(await rows(client, 'select count(*)::int as n from billing_trials')).toEqual([{ n: 0 }])
      expect(await rows(client, 'select count(*)::int as n from drizzle.__drizzle_migrations')).toEqual([
        { n: journal.entries.length },
      ])
    } finally {
      await database.close()
    }
    // Nothing is left beside the data folder.
    expect(readdirSync(path.dirname(dir))).toEqual(['pglite'])

    // A restart resumes the same database; the template is not copied over it.
    expect(restorePgliteTemplate(template, dir)).toBe(false)
    const again = await openDatabase({ kind: 'pglite', dir }, { pgliteTemplate: template })
    try {
      const client = clientOf(again)
      await client.query(`insert into template_marker values ('after restart')`)
      expect(await rows(client, 'select made from template_marker order by made')).toEqual([
        { made: 'after restart' },
        { made: 'at build' },
      ])
    } finally {
      await again.close()
    }
    // initdb and three starts of PostgreSQL in WebAssembly: slow on a busy machine.
  }, 120_000)

  it('the build step makes a template with every migration, found from the bundle, and remakes it only when needed', async () => {
    const buildDir = path.join(work, 'build')
    mkdirSync(path.join(buildDir, 'server', 'assets'), { recursive: true })
    const built = await buildPgliteTemplate(buildDir)
    const folder = path.join(buildDir, PGLITE_TEMPLATE_DIR)
    expect(built).toEqual({ folder, made: true })
    expect(readdirSync(buildDir).sort()).toEqual([PGLITE_TEMPLATE_DIR, PGLITE_TEMPLATE_INFO, 'server'])
    // From the bundle (dist/server/main.js) and from a chunk in dist/server/assets.
    expect(findPgliteTemplate(path.join(buildDir, 'server'))).toBe(folder)
    expect(findPgliteTemplate(path.join(buildDir, 'server', 'assets'))).toBe(folder)

    const dir = path.join(work, 'fresh', 'pglite')
    const database = await openDatabase({ kind: 'pglite', dir }, { pgliteTemplate: folder })
    try {
      const client = clientOf(database)
      const tables = await rows(
        client,
        `select table_name as name from information_schema.tables where table_schema = 'public'`,
      )
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'wheels', 'billing_trials']))
      // No machine's secret ships in the build: each server makes its own at its first start.
      expect(await rows(client, 'select count(*)::int as n from server_secrets')).toEqual([{ n: 0 }])
      expect(await rows(client, 'select count(*)::int as n from drizzle.__drizzle_migrations')).toEqual([
        { n: journal.entries.length },
      ])
    } finally {
      await database.close()
    }

    // The next build keeps it; a changed migrations folder makes a new one.
    expect(await buildPgliteTemplate(buildDir)).toEqual({ folder, made: false })
    const info = JSON.parse(readFileSync(path.join(buildDir, PGLITE_TEMPLATE_INFO), 'utf8')) as TemplateInfo
    expect(info).toEqual({
      pglite: installedPgliteVersion(),
      migrations: migrationsDigest(findMigrationsFolder()),
    })
    const changed = path.join(work, 'changed-drizzle')
    cpSync(findMigrationsFolder(), changed, { recursive: true })
    const last = journal.entries.at(-1)?.tag ?? ''
    writeFileSync(
      path.join(changed, `${last}.sql`),
      `${readFileSync(path.join(changed, `${last}.sql`), 'utf8')}\n--> statement-breakpoint\nCREATE TABLE "template_changed" ("id" integer);\n`,
    )
    expect(migrationsDigest(changed)).not.toBe(info.migrations)
    expect(await buildPgliteTemplate(buildDir, changed)).toEqual({ folder, made: true })
    const remade = new PGlite(folder)
    try {
      expect(await rows(remade, `select to_regclass('template_changed')::text as t`)).toEqual([
        { t: 'template_changed' },
      ])
    } finally {
      await remade.close()
    }

    // A template made by another PGlite version is not used.
    writeFileSync(path.join(buildDir, PGLITE_TEMPLATE_INFO), JSON.stringify({ ...info, pglite: '0.0.1' }))
    expect(findPgliteTemplate(path.join(buildDir, 'server'))).toBeNull()
    expect(findPgliteTemplate(path.join(work, 'fresh'))).toBeNull()
  }, 180_000)

  it('is copied only into a missing or empty folder', () => {
    const template = path.join(work, 'small')
    mkdirSync(path.join(template, 'base', '1'), { recursive: true })
    writeFileSync(path.join(template, 'PG_VERSION'), '17\n')
    writeFileSync(path.join(template, 'base', '1', '1259'), Buffer.alloc(8192, 7))
    mkdirSync(path.join(template, 'pg_notify'))

    const empty = path.join(work, 'empty')
    mkdirSync(empty)
    expect(restorePgliteTemplate(template, empty)).toBe(true)
    expect(readFileSync(path.join(empty, 'PG_VERSION'), 'utf8')).toBe('17\n')
    expect(readFileSync(path.join(empty, 'base', '1', '1259'))).toEqual(Buffer.alloc(8192, 7))
    expect(existsSync(path.join(empty, 'pg_notify'))).toBe(true)

    const missing = path.join(work, 'not', 'yet', 'pglite')
    expect(restorePgliteTemplate(template, missing)).toBe(true)
    expect(readdirSync(missing).sort()).toEqual(['PG_VERSION', 'base', 'pg_notify'])

    const used = path.join(work, 'used')
    mkdirSync(used)
    writeFileSync(path.join(used, 'something'), 'mine')
    expect(restorePgliteTemplate(template, used)).toBe(false)
    expect(readdirSync(used)).toEqual(['something'])
  })
})
