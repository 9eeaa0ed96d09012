// The server project's global setup (vite.config.ts): one in-memory PGlite initialised and migrated
// for the whole run, its data folder dumped to a file that every test's fresh PGlite database loads
// (harness.ts) instead of running initdb and the migrations again. initdb in WebAssembly cost about
// 2.7 s of CPU per database, and the server tests open over a hundred (docs/decisions/0055-ci-time.md).
// The first start of a data folder with initdb, and the build's template, keep their own tests
// (src/server/db/pglite-template.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { TestProject } from 'vitest/node'
import { findMigrationsFolder, PGLITE_SETTINGS } from '../db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data folder (PGlite's dumpDataDir, uncompressed tar). */
    pgliteDump: string
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'whirl-pglite-dump-'))
  const client = new PGlite('memory://', { postgresqlconf: PGLITE_SETTINGS })
  try {
    await migrate(drizzle({ client }), { migrationsFolder: findMigrationsFolder() })
    const dump = await client.dumpDataDir('none')
    const file = path.join(folder, 'migrated.tar')
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()))
    project.provide('pgliteDump', file)
  } finally {
    await client.close()
  }
  return () => rmSync(folder, { recursive: true, force: true })
}
