import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { inject } from 'vitest'
import { type Config, loadConfig } from '../config/config'
import { type Database, openDatabase } from '../db/client'

/** Server tests run against PGlite always, and against PostgreSQL too when DATABASE_URL is set. */
export const DATABASE_KINDS: ReadonlyArray<'pglite' | 'postgres'> = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite']

export type TestDatabase = Database & { dispose(): Promise<void>; schema?: string }

let migratedDump: Blob | undefined
/** The migrated PGlite data folder the global setup dumped (global-setup.ts), read once per test file. */
function pgliteDump(): Blob {
  migratedDump ??= new Blob([readFileSync(inject('pgliteDump'))])
  return migratedDump
}

/**
 * A PGlite a test block has disposed of, kept for the next block of this worker: loading the dump
 * into a fresh in-memory PGlite cost about 1.2 CPU-seconds, 60 times a run (decision 0067). The next
 * block gets it emptied (`emptied`), so it finds what a fresh one holds: the migrated tables, no rows.
 */
let spare: { database: Database; tables: string } | undefined

const TABLES = sql`select string_agg(format('%I.%I', schemaname, tablename), ', ' order by schemaname, tablename) as names
  from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`

async function tablesOf(database: Database): Promise<string> {
  const result = (await database.db.execute(TABLES)) as { rows?: { names: string | null }[] }
  return result.rows?.[0]?.names ?? ''
}

/**
 * The spare PGlite with every row of every table gone and the session as new (settings, locks);
 * undefined, and the spare closed, if its tables are not the ones it had when first opened.
 */
async function emptied(kept: NonNullable<typeof spare>): Promise<Database | undefined> {
  const { database, tables } = kept
  if ((await tablesOf(database)) !== tables) {
    await database.close()
    return undefined
  }
  const userTables = tables
    .split(', ')
    .filter((name) => !name.startsWith('drizzle.'))
    .join(', ')
  await database.db.execute(sql.raw(`truncate ${userTables} restart identity cascade`))
  await database.db.execute(sql`discard all`)
  return database
}

async function openTestPglite(): Promise<TestDatabase> {
  const kept = spare
  spare = undefined
  const database =
    (kept && (await emptied(kept))) ??
    (await openDatabase({ kind: 'pglite', dir: 'memory://' }, { pgliteDump: pgliteDump() }))
  const tables = kept?.database === database ? kept.tables : await tablesOf(database)
  let closed = false
  return {
    ...database,
    close: async () => {
      closed = true
      await database.close()
    },
    async dispose() {
      if (closed) return
      closed = true
      if (spare) await database.close()
      else spare = { database, tables }
    },
  }
}

/**
 * A fresh, migrated database: in-memory PGlite (loaded from the run's migrated dump, its migrations
 * then checked as at any start, or an earlier block's emptied), or a new schema of its own on the
 * PostgreSQL of DATABASE_URL (dropped on dispose), so concurrent runs never collide.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') return openTestPglite()
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is not set')
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const database = await openDatabase({ kind: 'postgres', url, schema })
  return {
    ...database,
    schema,
    async dispose() {
      await database.close()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`drop schema if exists "${schema}" cascade`)
      } finally {
        await client.end()
      }
    },
  }
}

/** A Config for tests: silent logs, a throw-away data folder, and any overrides. */
export function testConfig(env: Record<string, string | undefined> = {}): Config & { cleanup(): void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'whirl-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  })
  return { ...config, cleanup: () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }) }
}
