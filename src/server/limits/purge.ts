import type { Db } from '../db/client'
import { purgeExpiredWindows } from './counter'
import { createLoginFailures } from './login-failures'
import { createStreamLeases } from './stream-leases'

/** The periodic clean-up of every limit's table: ended windows, old failures, stale stream leases. */
export async function purgeLimits(db: Db): Promise<{ windows: number; failures: number; streams: number }> {
  return {
    windows: await purgeExpiredWindows(db),
    failures: await createLoginFailures(db).purgeOld(),
    streams: await createStreamLeases(db).purgeExpired(),
  }
}
