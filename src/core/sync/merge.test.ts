import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectAgreement, nearlyValid } from '../testing/schema-agreement'
import { wheelArb } from '../testing/wheel-arbitraries'
import { newCheckedItems } from '../wheel/checks'
import { createDefaultWheel, type Wheel } from '../wheel/model'
import {
  applyServerWheels,
  deletions,
  emptySyncState,
  missingWheels,
  repairedSyncState,
  type SyncState,
  strictSyncedWheel,
  wheelChange,
  wheelsOfOtherAccount,
  withSentWheels,
} from './merge'
import { syncedWheelSchema } from './protocol'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString()
const wheel = (id: string, name: string, updated = 0): Wheel => ({
  ...createDefaultWheel(() => 1),
  items: [{ id: `${id}a`, text: 'A', color: '#3b82f6' }],
  id,
  name,
  createdAt: at(0),
  updatedAt: at(updated),
})
const row = (w: Wheel | null, id: string, updatedAt: string, revision = 1) => ({
  id,
  wheel: w,
  updatedAt,
  revision,
})

/** What a sync pushes: each wheel's change, then the deletes (as the sync engine puts them together). */
const pendingChanges = (local: readonly Wheel[], state: SyncState, deleted: readonly string[] = []) => [
  ...local.flatMap((w) => wheelChange(w, state) ?? []),
  ...deletions(local, state, deleted),
]

describe('sync merge', () => {
  it('checks a wheel to push as the server schema does, without zod', () => {
    // Saved wheels (an id and both timestamps), and copies with one part changed or taken away.
    const stamp = fc
      .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
      .map((d) => d.toISOString())
    const saved = nearlyValid(
      fc
        .tuple(wheelArb, fc.constantFrom('w', 'saved-1'), stamp, stamp)
        .map(([wheel, id, createdAt, updatedAt]) => ({ ...wheel, id, createdAt, updatedAt })),
    )
    expectAgreement(syncedWheelSchema, strictSyncedWheel, saved, 4_000)
    // With the items accepted before remembered across every wheel tried.
    const checked = newCheckedItems()
    expectAgreement(syncedWheelSchema, (v) => strictSyncedWheel(v, checked), saved, 4_000)
  })

  it('pushes new and changed wheels with their base, deletes for wheels deleted here, nothing for agreed ones', () => {
    const state = { userId: 'u', cursor: 3, synced: { a: at(0), b: at(0), gone: at(1) } }
    const local = [
      wheel('a', 'Same', 0),
      wheel('b', 'Edited', 5),
      wheel('c', 'New', 2),
      { ...wheel('d', 'Old'), createdAt: undefined },
    ]
    expect(pendingChanges(local, state, ['gone', 'never-synced'])).toEqual([
      { id: 'b', base: at(0), wheel: local[1] },
      { id: 'c', base: null, wheel: local[2] },
      { id: 'gone', base: at(1), wheel: null },
    ])
    expect(pendingChanges([], emptySyncState('u'))).toEqual([])
  })

  it('never infers a deletion from a wheel missing here: it pulls everything again instead', () => {
    const state = { userId: 'u', cursor: 7, synced: { a: at(0), lost: at(1), deleted: at(2) } }
    const local = [wheel('a', 'Kept', 0)]
    expect(pendingChanges(local, state)).toEqual([])
    expect(pendingChanges(local, state, ['deleted'])).toEqual([{ id: 'deleted', base: at(2), wheel: null }])
    expect(missingWheels(local, state, ['deleted'])).toEqual(['lost'])
    expect(missingWheels(local, state, ['deleted', 'lost'])).toEqual([])
    expect(repairedSyncState(state, ['lost'])).toEqual({
      userId: 'u',
      cursor: 0,
      synced: { a: at(0), deleted: at(2) },
    })
    // A wheel deleted here but saved again under the same id is not deleted.
    expect(pendingChanges([wheel('deleted', 'Back', 2)], state, ['deleted'])).toEqual([])
  })

  it('takes in server wheels and tombstones, and records what is agreed', () => {
    const a = wheel('a', 'Mine', 0)
    const local = [a, wheel('x', 'Deleted elsewhere', 0)]
    const fromServer = [
      row(wheel('a', 'Changed on phone', 9), 'a', at(9), 4),
      row(null, 'x', at(0), 5),
      row(wheel('n', 'Made on phone', 3), 'n', at(3), 6),
    ]
    const out = applyServerWheels(
      local,
      local,
      fromServer,
      { userId: 'u', cursor: 3, synced: { a: at(0), x: at(0) } },
      6,
    )
    expect(out.wheels.map((w) => w.name)).toEqual(['Changed on phone', 'Made on phone'])
    expect(out.state).toEqual({ userId: 'u', cursor: 6, synced: { a: at(9), n: at(3) } })
    expect(out.changed).toBe(true)
    expect(pendingChanges(out.wheels, out.state)).toEqual([])
  })

  it('keeps a wheel edited while the request was out, and pushes it next time', () => {
    const sent = [wheel('a', 'Sent', 1)]
    const local = [wheel('a', 'Typed meanwhile', 2)]
    const out = applyServerWheels(
      local,
      sent,
      [row(sent[0] as Wheel, 'a', at(1), 2)],
      { userId: 'u', cursor: 1, synced: {} },
      2,
    )
    expect(out.wheels[0]?.name).toBe('Typed meanwhile')
    expect(out.changed).toBe(false)
    expect(pendingChanges(out.wheels, out.state)).toEqual([{ id: 'a', base: at(1), wheel: local[0] }])
  })

  it('finds the wheels a previous account synced on this browser', () => {
    const local = [wheel('a', 'Theirs'), wheel('b', 'Local only')]
    expect(wheelsOfOtherAccount(local, { userId: 'other', cursor: 2, synced: { a: at(0) } }, 'me')).toEqual(
      new Set(['a']),
    )
    expect(wheelsOfOtherAccount(local, { userId: 'me', cursor: 2, synced: { a: at(0) } }, 'me')).toEqual(
      new Set(),
    )
    expect(wheelsOfOtherAccount(local, null, 'me')).toEqual(new Set())
  })

  it('puts back the wheels a push answer left out as sent, and refuses an answer naming a change it lacks', () => {
    const sentA = wheel('a', 'Sent', 3)
    const other = wheel('b', 'From another device', 4)
    const changes = [
      { id: 'gone', base: at(1), wheel: null },
      { id: 'a', base: at(0), wheel: sentA },
    ]
    const answer = [
      { ...row(null, 'a', at(3), 5), sent: 1 },
      row(other, 'b', at(4), 6),
      row(null, 'gone', at(1), 7),
    ]
    expect(withSentWheels(answer, changes)).toEqual([
      row(sentA, 'a', at(3), 5),
      row(other, 'b', at(4), 6),
      row(null, 'gone', at(1), 7),
    ])
    // An index past the request, a change that deleted, or another wheel's change: never a deletion.
    expect(withSentWheels([{ ...row(null, 'a', at(3)), sent: 2 }], changes)).toBeNull()
    expect(withSentWheels([{ ...row(null, 'gone', at(3)), sent: 0 }], changes)).toBeNull()
    expect(withSentWheels([{ ...row(null, 'b', at(3)), sent: 1 }], changes)).toBeNull()
  })
})
