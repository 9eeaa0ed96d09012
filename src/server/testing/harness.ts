import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
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
 * A fresh, migrated database: in-memory PGlite (loaded from the run's migrated dump, its migrations
 * then checked as at any start), or a new schema of its own on the PostgreSQL of DATABASE_URL
 * (dropped on dispose), so concurrent runs never collide.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dir: 'memory://' }, { pgliteDump: pgliteDump() })
    return { ...database, dispose: () => database.close() }
  }
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
