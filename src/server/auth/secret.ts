import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { serverSecrets } from '../db/schema'

const NAME = 'auth_secret'

/**
 * AUTH_SECRET when it is set; otherwise a random secret generated once and kept in the database,
 * so `npm start` needs no setup and every server process on one database signs alike.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  await db
    .insert(serverSecrets)
    .values({ name: NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, NAME))
  if (!row) throw new Error('The generated auth secret could not be read back')
  return row.value
}
