import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Config } from '../config/config'
import { findPgliteTemplate, restorePgliteTemplate } from './pglite-template'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  kind: 'pglite' | 'postgres'
  db: Db
  /** Round-trips a trivial query; resolves with the latency in ms or rejects. */
  ping(): Promise<number>
  close(): Promise<void>
  /** PostgreSQL connection settings, for features that need a dedicated connection (LISTEN). */
  pgOptions?: pg.PoolConfig
}

/** How long any one statement of the app may run on PostgreSQL before it is cancelled. */
export const STATEMENT_TIMEOUT_MS = 10_000

/**
 * PGlite runs inside this process: smaller buffers than PostgreSQL's defaults keep its memory
 * modest (idle RSS about 250 MiB instead of 370 MiB) with no measurable cost at this app's load.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
]

/** Finds the ./drizzle migrations folder from the source tree or from the bundled dist/server. */
export function findMigrationsFolder(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start
  for (;;) {
    const candidate = path.join(dir, 'drizzle')
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('Could not find the drizzle migrations folder')
    dir = parent
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return Math.round((performance.now() - started) * 100) / 100
}

export type OpenOptions = {
  /**
   * A migrated PGlite data folder made at build time (see pglite-template.ts), copied into an empty
   * data folder instead of running initdb and the migrations there. Default: the build's own, if any.
   */
  pgliteTemplate?: string | null
  /**
   * For an in-memory PGlite: a migrated data folder as PGlite's dumpDataDir wrote it, loaded
   * instead of running initdb (the server tests' fresh databases; src/server/testing/harness.ts).
   */
  pgliteDump?: Blob
}

/**
 * Opens PGlite (embedded, in a folder) or PostgreSQL (DATABASE_URL) and applies migrations. A new
 * PGlite folder starts from the build's template when there is one; migrations newer than the
 * template are then applied as on any existing database.
 */
export async function openDatabase(config: Config['database'], options: OpenOptions = {}): Promise<Database> {
  const migrationsFolder = findMigrationsFolder()
  if (config.kind === 'pglite') {
    if (config.dir !== 'memory://') {
      const template = options.pgliteTemplate === undefined ? findPgliteTemplate() : options.pgliteTemplate
      if (!(template && restorePgliteTemplate(template, config.dir)))
        mkdirSync(config.dir, { recursive: true })
    }
    const client = new PGlite(config.dir, {
      postgresqlconf: PGLITE_SETTINGS,
      ...(config.dir === 'memory://' && options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    })
    await client.waitReady
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      ping: () => timed(() => client.query('select 1')),
      close: () => client.close(),
    }
  }

  const pgOptions: pg.PoolConfig = {
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  }
  // Migrations run without a time limit on a connection of their own; every statement of the app
  // afterwards runs under STATEMENT_TIMEOUT_MS, so that no query can hold a pooled connection for good.
  const migrator = new pg.Pool({ ...pgOptions, max: 1 })
  migrator.on('error', () => {})
  try {
    if (config.schema) await migrator.query(`create schema if not exists "${config.schema}"`)
    await migratePg(drizzlePg({ client: migrator, schema }), {
      migrationsFolder,
      migrationsSchema: config.schema ?? 'drizzle',
    })
  } finally {
    await migrator.end().catch(() => {})
  }
  const pool = new pg.Pool({ ...pgOptions, statement_timeout: STATEMENT_TIMEOUT_MS })
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, schema })
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    ping: () => timed(() => db.execute(sql`select 1`)),
    close: () => pool.end(),
    pgOptions,
  }
}
