// The fuzz bench's watch on the server's output: every line of its log and of stdout/stderr while
// it runs, counted (how many, the longest, how many over MAX_LOG_LINE_BYTES).
import { Writable } from 'node:stream'

/** Issue 33: no line of the server's log is longer than this. */
export const MAX_LOG_LINE_BYTES = 4000

/** Lines written to the server's log and to stdout/stderr while it runs: how many, and how many too long. */
export function lineCounter() {
  const counts = { lines: 0, over: 0, longest: 0 }
  const count = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue
      const bytes = Buffer.byteLength(line) + 1
      counts.lines++
      counts.longest = Math.max(counts.longest, bytes)
      if (bytes > MAX_LOG_LINE_BYTES) counts.over++
    }
  }
  const log = new Writable({
    write(chunk, _encoding, done) {
      count(chunk)
      done()
    },
  })
  const streams = [process.stdout, process.stderr] as const
  const originals = streams.map((stream) => stream.write.bind(stream))
  streams.forEach((stream, i) => {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      count(chunk)
      return (originals[i] as (...args: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write
  })
  const restore = () =>
    streams.forEach((stream, i) => {
      stream.write = originals[i] as typeof stream.write
    })
  return { counts, log, restore }
}
