import fc from 'fast-check'
import { describe, it } from 'vitest'
import { expectAgreement, nearlyValid } from '../testing/schema-agreement'
import { entry, validState } from '../testing/state-fixtures'
import { createDefaultWheel } from '../wheel/model'
import { strictState } from './read-state'
import { persistedStateSchema } from './state-schema'

// States with a few saved wheels (ids sometimes repeated or missing) and history entries.
const stateArb = fc
  .record({
    saved: fc.array(fc.constantFrom('w1', 'w2', 'w3', null), { maxLength: 3 }),
    history: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 4 }),
    settings: fc.record({
      soundEnabled: fc.boolean(),
      confettiEnabled: fc.boolean(),
      autoSave: fc.boolean(),
    }),
  })
  .map(({ saved, history, settings }) => ({
    ...validState(),
    savedWheels: saved.map((id) => ({ ...createDefaultWheel(), id, name: `Saved ${id}` })),
    spinHistory: history.map(entry),
    settings,
  }))

describe('the stored state reader without zod', () => {
  it('agrees with the zod state schema', () => {
    expectAgreement(persistedStateSchema, strictState, nearlyValid(stateArb), 3_000)
  })
})
