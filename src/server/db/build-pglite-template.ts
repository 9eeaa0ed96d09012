// Build step (npm run build, after the server bundle; scripts/pglite-template.mjs calls it): makes
// the PGlite template in the build folder (dist/pglite-template), a data folder initialised and
// migrated once here and cleanly shut down, which the server copies into an empty data folder at
// its first start. It is kept across builds and remade only when the migrations or PGlite change.
import { existsSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { findMigrationsFolder, PGLITE_SETTINGS } from './client'
import {
  installedPgliteVersion,
  migrationsDigest,
  PGLITE_TEMPLATE_DIR,
  readPgliteTemplateInfo,
  type TemplateInfo,
  writePgliteTemplateInfo,
} from './pglite-template'

/**
 * Creates, migrates and closes a PGlite data folder as outDir/pglite-template, unless the one there
 * was made by this PGlite from these migrations. Returns its path and whether it was made now.
 */
export async function buildPgliteTemplate(
  outDir: string,
  migrationsFolder = findMigrationsFolder(),
): Promise<{ folder: string; made: boolean }> {
  const folder = path.join(outDir, PGLITE_TEMPLATE_DIR)
  const info: TemplateInfo = {
    pglite: installedPgliteVersion(),
    migrations: migrationsDigest(migrationsFolder),
  }
  const existing = readPgliteTemplateInfo(outDir)
  if (
    existing?.pglite === info.pglite &&
    existing.migrations === info.migrations &&
    existsSync(path.join(folder, 'PG_VERSION'))
  ) {
    return { folder, made: false }
  }
  const partial = `${folder}.partial`
  rmSync(partial, { recursive: true, force: true })
  try {
    const client = new PGlite(partial, { postgresqlconf: PGLITE_SETTINGS })
    await client.waitReady
    await migrate(drizzle({ client }), { migrationsFolder })
    // A clean shutdown writes a checkpoint: the first start then needs no recovery.
    await client.close()
    rmSync(folder, { recursive: true, force: true })
    renameSync(partial, folder)
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
  writePgliteTemplateInfo(folder, info)
  return { folder, made: true }
}
