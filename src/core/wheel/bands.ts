/**
 * Colour bands for a wheel whose segments are too thin to draw one by one (hundreds or thousands
 * of items): consecutive segments are grouped into bands at least `minAngle` wide, each band one
 * colour, so the wheel shows even bands at any size instead of an interference pattern. A segment
 * at least that wide (a heavy item on a weighted wheel) stays a band of its own, in its own colour.
 * Which segment is under the pointer is told by the ticker, not by the drawing.
 */

export type Bands = {
  /** Each band's start angle, plus the end of the last one (length = bands + 1), ascending. */
  starts: number[]
  colors: string[]
}

/**
 * Groups segments into bands. `starts` are the segments' start angles plus the end (length n + 1,
 * ascending, any unit), `colors` their colours. A band closes as soon as it is `minAngle` wide; a
 * last band narrower than half of that joins the one before. Its colour is one of its segments':
 * band b takes its segment b mod k (k segments in it), so bands of equal length walk through a
 * repeating palette instead of all landing on the same colour, and a band never takes the colour of
 * the band before it (nor the last band the first's) when one of its segments has another.
 */
export function colourBands(starts: readonly number[], colors: readonly string[], minAngle: number): Bands {
  const n = colors.length
  const out: Bands = { starts: [], colors: [] }
  if (n === 0) return out
  const at = (i: number) => starts[i] as number
  const end = at(n)
  let i = 0
  while (i < n) {
    let j = i + 1
    while (j < n && at(j) - at(i) < minAngle) j++
    if (j < n && end - at(j) < minAngle / 2) j = n
    const b = out.colors.length
    const avoid = [out.colors[b - 1]]
    if (j === n && b > 0) avoid.push(out.colors[0])
    out.starts.push(at(i))
    out.colors.push(pick(colors, i, j, b, avoid))
    i = j
  }
  out.starts.push(end)
  return out
}

/** The colour of segment from + (b mod k), or the first in [from, to) not in `avoid`, if any is. */
function pick(colors: readonly string[], from: number, to: number, b: number, avoid: (string | undefined)[]) {
  const first = colors[from + (b % (to - from))] as string
  if (!avoid.includes(first)) return first
  for (let i = from; i < to; i++) if (!avoid.includes(colors[i])) return colors[i] as string
  for (let i = from; i < to; i++) if (colors[i] !== avoid[0]) return colors[i] as string
  return first
}
