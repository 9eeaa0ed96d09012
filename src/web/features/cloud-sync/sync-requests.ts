import { deletions, type SyncState, wheelChange } from '../../../core/sync/merge'
import type { SyncChange, SyncResponse } from '../../../core/sync/protocol'
import type { CheckedItems } from '../../../core/wheel/checks'
import type { Wheel } from '../../../core/wheel/model'
import { wheelsApi } from '../../api/wheels'
import { yieldToBrowser } from '../../ui/use-slices'

/**
 * Cloud sync's requests (sync-engine.ts decides when and what): the changes to push, found and
 * serialised a slice at a time, cut into requests of a sensible size, and a pull read page by page.
 */

/** Changes go out in requests of about this size (the server reads up to 16 MiB). */
const BATCH_CHARS = 1_000_000
/** Browsers let a request outlive its page only up to 64 KiB. */
export const KEEPALIVE_CHARS = 60_000

/** A request's worth of changes, with their JSON text (each change is serialised once). */
type Batch = { changes: SyncChange[]; json: string[] }

/** The main thread's time on the changes before the browser gets a turn (paint, input). */
const SLICE_MS = 8

/**
 * Calls `each` on every value in turn, giving the browser a turn whenever the main thread has
 * spent SLICE_MS on them: a 10,000-item wheel takes milliseconds to check and to serialise, and a
 * first upload can hold fifty.
 */
async function inSlices<T>(values: readonly T[], each: (value: T) => void): Promise<void> {
  let slice = performance.now()
  for (const value of values) {
    if (performance.now() - slice > SLICE_MS) {
      await yieldToBrowser()
      slice = performance.now()
    }
    each(value)
  }
}

/** The changes to push (merge.ts): each saved wheel's, then the deletes. */
export async function changesToPush(
  sent: readonly Wheel[],
  state: SyncState,
  deleted: readonly string[],
  checked: CheckedItems,
): Promise<SyncChange[]> {
  const changes: SyncChange[] = []
  await inSlices(sent, (wheel) => {
    const change = wheelChange(wheel, state, checked)
    if (change) changes.push(change)
  })
  return changes.concat(deletions(sent, state, deleted))
}

/** Splits changes into requests of a sensible size (a 10,000-item wheel is about 0.6 MB). */
export async function batches(changes: readonly SyncChange[]): Promise<Batch[]> {
  const out: Batch[] = []
  let current: Batch = { changes: [], json: [] }
  let size = 0
  await inSlices(changes, (change) => {
    const json = JSON.stringify(change)
    if (current.changes.length > 0 && size + json.length > BATCH_CHARS) {
      out.push(current)
      current = { changes: [], json: [] }
      size = 0
    }
    current.changes.push(change)
    current.json.push(json)
    size += json.length
  })
  if (current.changes.length > 0) out.push(current)
  return out
}

/** The push's body ({since, changes, omitSent}) from the changes' JSON text, without serialising them again. */
export const pushBody = (since: number, batch: Batch) =>
  `{"since":${since},"changes":[${batch.json.join(',')}],"omitSent":true}`

/**
 * Pages one sync reads at most; the rest waits for the next run. A page holds up to 200 wheels and
 * 4 MB of them; two pages in a row hold more than 4 MB, so the 50 MB of a full account come in 26.
 */
const MAX_PULL_PAGES = 40

/** A pull answers a page at a time: asks again from each page's cursor until no more follow. */
export async function pullPages(cursor: number): Promise<SyncResponse[]> {
  const answers: SyncResponse[] = []
  for (let since = cursor; answers.length < MAX_PULL_PAGES; ) {
    const answer = await wheelsApi.pull(since)
    answers.push(answer)
    if (!answer.more || answer.cursor <= since) break
    since = answer.cursor
  }
  return answers
}
