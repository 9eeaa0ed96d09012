import { describe, expect, it } from 'vitest'
import { TEST_VECTORS } from './test-vectors'
import { verifyDraw } from './verify'

const vector = TEST_VECTORS[2] as (typeof TEST_VECTORS)[number]

describe('verifyDraw', () => {
  it('verifies a published draw', async () => {
    expect(await verifyDraw(vector)).toMatchObject({ ok: true, winnerIndex: vector.winnerIndex })
  })

  it('names the first step that fails', async () => {
    const otherSeed = TEST_VECTORS[0]?.serverSeed as string
    expect(await verifyDraw({ ...vector, serverSeed: otherSeed })).toMatchObject({
      ok: false,
      step: 'commitment',
    })
    expect(await verifyDraw({ ...vector, serverSeed: 'not hex' })).toMatchObject({
      ok: false,
      step: 'commitment',
    })
    const edited = await verifyDraw({ ...vector, entries: [...vector.entries.slice(0, 3), ['Huge', 99]] })
    expect(edited).toMatchObject({ ok: false, step: 'wheelHash' })
    const wrong = await verifyDraw({ ...vector, winnerIndex: 3 })
    expect(wrong).toMatchObject({ ok: false, step: 'winner' })
    expect(wrong.ok ? '' : wrong.message).toBe(
      'Winner mismatch: the algorithm picks entry 2 (Medium), not the announced winner.',
    )
    expect(await verifyDraw({ ...vector, clientSeed: `${vector.clientSeed} ` })).toMatchObject({
      ok: false,
      step: 'winner',
    })
  })
})
