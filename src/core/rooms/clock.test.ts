import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ClockSample, estimateOffset, keptSamples, roundTrip } from './clock'

/** A sample made against a server whose clock is the client's plus `offset`. */
const sampleWith = (offset: number) =>
  fc
    .record({
      sentAt: fc.integer({ min: 0, max: 2 ** 45 }),
      out: fc.integer({ min: 0, max: 2_000 }),
      back: fc.integer({ min: 0, max: 2_000 }),
    })
    .map(
      ({ sentAt, out, back }): ClockSample => ({
        sentAt,
        serverTime: sentAt + out + offset,
        receivedAt: sentAt + out + back,
      }),
    )

describe('the clock offset estimate', () => {
  it('is within half a kept round trip of the true offset, whatever the delays', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: -(10 ** 9), max: 10 ** 9 })
          .chain((offset) =>
            fc.tuple(fc.constant(offset), fc.array(sampleWith(offset), { minLength: 1, maxLength: 12 })),
          ),
        ([offset, samples]) => {
          const trips = samples.map(roundTrip).sort((a, b) => a - b)
          const worstKept = trips[keptSamples(samples.length) - 1] as number
          expect(Math.abs(estimateOffset(samples) - offset)).toBeLessThanOrEqual(worstKept / 2 + 1e-6)
        },
      ),
    )
  })

  it('is exact with symmetric delays, and ignores samples that came back before they left', () => {
    const samples: ClockSample[] = [
      { sentAt: 100, serverTime: 5_150, receivedAt: 200 },
      { sentAt: 300, serverTime: 9_999_999, receivedAt: 250 },
      { sentAt: 400, serverTime: 5_410, receivedAt: 420 },
    ]
    expect(estimateOffset(samples)).toBe(5_000)
    expect(estimateOffset([])).toBe(0)
  })
})
