import * as z from 'zod/mini'
import { MAX_SAVED_WHEELS } from '../plan/definition'
import { spinHistoryEntrySchema, wheelSchema } from '../wheel/schema'
import { HISTORY_LIMIT, STORE_VERSION, unique } from './persisted-state'

/**
 * The strict shape of the stored state as zod, as `serializePersistedState` writes it: the
 * reference that `strictState` (read-state.ts, no zod, for the page) is tested against.
 */
export const persistedStateSchema = z.object({
  version: z.literal(STORE_VERSION),
  currentWheel: wheelSchema,
  savedWheels: z.array(wheelSchema).check(
    z.maxLength(MAX_SAVED_WHEELS),
    z.refine((list) => list.every((w) => w.id !== null) && unique(list, (w) => w.id), 'Saved wheel ids'),
  ),
  spinHistory: z.array(spinHistoryEntrySchema).check(
    z.maxLength(HISTORY_LIMIT),
    z.refine((list) => unique(list, (e) => e.id), 'History ids repeat'),
  ),
  settings: z.object({ soundEnabled: z.boolean(), confettiEnabled: z.boolean(), autoSave: z.boolean() }),
})
