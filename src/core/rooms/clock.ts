/**
 * The client's estimate of the server clock (issue 35), NTP-style: the client notes when it sent
 * a ping (`sentAt`) and when the answer came back (`receivedAt`), both on its own clock; the
 * server stamps the answer with its time (`serverTime`). If the answer was stamped anywhere in
 * between, the offset server − client of one sample is within half its round trip of
 * serverTime − (sentAt + receivedAt) / 2. Samples with the shortest round trips are the most
 * exact, so the estimate is the median offset of the best third of them.
 */
export type ClockSample = { sentAt: number; serverTime: number; receivedAt: number }

/** How many pings a client sends to estimate its offset (then one every so often). */
export const CLOCK_SAMPLES = 5

export const roundTrip = (sample: ClockSample): number => Math.max(0, sample.receivedAt - sample.sentAt)
export const sampleOffset = (sample: ClockSample): number =>
  sample.serverTime - (sample.sentAt + sample.receivedAt) / 2

/** How many of `count` samples the estimate keeps: the best third, at least one. */
export const keptSamples = (count: number): number => Math.max(1, Math.ceil(count / 3))

/**
 * The offset to add to the client's clock to read the server's, from the samples (0 without
 * any). Samples whose answer came before the question (a clock jump) are ignored.
 */
export function estimateOffset(samples: readonly ClockSample[]): number {
  const usable = samples.filter(
    (s) => Number.isFinite(s.sentAt) && Number.isFinite(s.serverTime) && s.receivedAt >= s.sentAt,
  )
  if (usable.length === 0) return 0
  const best = [...usable].sort((a, b) => roundTrip(a) - roundTrip(b)).slice(0, keptSamples(usable.length))
  const offsets = best.map(sampleOffset).sort((a, b) => a - b)
  const middle = Math.floor(offsets.length / 2)
  return offsets.length % 2 === 1
    ? (offsets[middle] as number)
    : ((offsets[middle - 1] as number) + (offsets[middle] as number)) / 2
}
