import fc from 'fast-check'
import { describe, it } from 'vitest'
import * as z from 'zod/mini'
import { expectAgreement, nearlyValid } from '../../core/testing/schema-agreement'
import { strictSyncState } from './sync-state'

// The shape the sync state had as a zod schema, before the page stopped loading zod.
const syncStateSchema = z.object({
  userId: z.string(),
  cursor: z.int().check(z.gte(0)),
  synced: z.record(z.string(), z.string()),
})

const stateArb = fc.record({
  userId: fc.constantFrom('u1', ''),
  cursor: fc.oneof(
    { arbitrary: fc.nat(), weight: 6 },
    { arbitrary: fc.constantFrom(-1, 1.5, 2 ** 53), weight: 1 },
  ),
  synced: fc.dictionary(
    fc.constantFrom('w1', 'w2', 'constructor'),
    fc.oneof(
      { arbitrary: fc.constant('2026-01-01T00:00:00.000Z'), weight: 6 },
      { arbitrary: fc.constant(7), weight: 1 },
    ),
    { maxKeys: 2 },
  ),
})

describe('the stored sync state, read without zod', () => {
  it('agrees with the schema it replaced', () => {
    expectAgreement(syncStateSchema, strictSyncState, nearlyValid(stateArb))
  })
})
