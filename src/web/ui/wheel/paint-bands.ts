import { type Bands, colourBands } from '../../../core/wheel/bands'

/**
 * Paints a wheel of colour bands (core/wheel/bands.ts) pixel by pixel, each pixel the average
 * colour of the angles it covers: a box filter across the radius's direction, about one pixel wide
 * at every distance from the centre. Near the rim that is an anti-aliased edge between two bands;
 * near the centre, where many bands meet inside one pixel, it is their mean colour, not whichever
 * band the pixel's centre falls in: that sampling is what drew an interference pattern on a
 * 500-item wheel at 200 px. Filling hundreds of thin wedges as paths cost more for the same look,
 * and the path's own anti-aliasing leaves seams between neighbours.
 *
 * The angles are binned (65,536 bins a turn); running sums of the colour over the bands' runs of
 * bins give any range's mean in O(1), so a pixel costs the same whatever its footprint. Everything
 * that depends only on the size (each pixel's bin, footprint and rim coverage) is worked out once
 * per size and kept.
 */
const BINS = 65_536
const TWO_PI = 2 * Math.PI

type Disc = {
  key: string
  index: Uint32Array
  bin: Uint16Array
  /** The pixel's distance from the centre, in whole pixels. */
  rho: Uint16Array
  alpha: Uint8Array
  image?: ImageData
}
let disc: Disc | null = null

function discOf(px: number, c: number, r: number): Disc {
  const key = `${px}:${c}:${r}`
  if (disc?.key === key) return disc
  const index: number[] = []
  const bins: number[] = []
  const rhos: number[] = []
  const alphas: number[] = []
  for (let y = 0; y < px; y++) {
    const dy = y + 0.5 - c
    if (Math.abs(dy) > r + 1) continue
    for (let x = 0; x < px; x++) {
      const dx = x + 0.5 - c
      const rho = Math.sqrt(dx * dx + dy * dy)
      const cover = r + 0.5 - rho
      if (cover <= 0) continue
      let angle = Math.atan2(dy, dx)
      if (angle < 0) angle += TWO_PI
      index.push(y * px + x)
      bins.push(Math.min(BINS - 1, Math.floor((angle / TWO_PI) * BINS)))
      rhos.push(Math.round(rho))
      alphas.push(cover >= 1 ? 255 : Math.round(cover * 255))
    }
  }
  disc = {
    key,
    index: Uint32Array.from(index),
    bin: Uint16Array.from(bins),
    rho: Uint16Array.from(rhos),
    alpha: Uint8Array.from(alphas),
  }
  return disc
}

/**
 * The bins twice over, from half a turn before 0 to half a turn after, so that no footprint wraps:
 * each position's run (a band's stretch of consecutive positions), kept between draws (0.5 MB).
 */
const SPAN = 2 * BINS
const OFF = BINS / 2
const runOf = new Int32Array(SPAN)

/**
 * The runs of positions for these bands: where each starts, its colour as an ABGR word (alpha 0)
 * and its red, green and blue, and the running sums of those over every position before it. The
 * sum of a colour over positions [0, x) is then sum[r] + (x - start[r]) × colour[r], r = runOf[x]:
 * any range's mean in O(1), from tables the size of the bands rather than of the bins.
 */
function runs(bands: Bands) {
  const n = bands.colors.length
  const rgb = bands.colors.map((c) => Number.parseInt(c.slice(1), 16))
  // The first bin of each band: the first whose centre is at or after its start (band 0 from 0).
  const first = new Int32Array(n + 1)
  first[n] = BINS
  const centre = (b: number) => ((b + 0.5) / BINS) * TWO_PI
  for (let i = 1; i < n; i++) {
    const start = bands.starts[i] as number
    let b = Math.min(BINS, Math.max(0, Math.ceil((start / TWO_PI) * BINS - 0.5)))
    while (b > 0 && centre(b - 1) >= start) b--
    while (b < BINS && centre(b) < start) b++
    first[i] = Math.max(b, first[i - 1] as number)
  }
  const most = 2 * n + 2
  const start = new Int32Array(most)
  const word = new Uint32Array(most)
  const colour = new Uint8Array(3 * most)
  const sum = new Uint32Array(3 * most)
  let count = 0
  let lastBand = -1
  for (let turn = -1; turn <= 1; turn++)
    for (let band = 0; band < n; band++) {
      const from = Math.max(0, OFF + turn * BINS + (first[band] as number))
      const to = Math.min(SPAN, OFF + turn * BINS + (first[band + 1] as number))
      if (from >= to) continue
      if (band !== lastBand) {
        const c = rgb[band] as number
        const k = 3 * count
        start[count] = from
        word[count] = ((c & 255) << 16) | (c & 0xff00) | ((c >> 16) & 255)
        colour[k] = (c >> 16) & 255
        colour[k + 1] = (c >> 8) & 255
        colour[k + 2] = c & 255
        if (count > 0) {
          const width = from - (start[count - 1] as number)
          for (let j = 0; j < 3; j++)
            sum[k + j] = (sum[k - 3 + j] as number) + width * (colour[k - 3 + j] as number)
        }
        count++
        lastBand = band
      }
      runOf.fill(count - 1, from, to)
    }
  return { start, word, colour, sum }
}

/**
 * Half the angular footprint of a pixel at each whole distance from the centre, in bins: one pixel
 * across where the bands are at least two pixels wide; closer in, where they are thinner, wider
 * (by (2 / band width)², so about 4 bands at 1 px and 18 at 0.6 px): a one-pixel box still shows
 * bands just under two pixels wide as a pattern, a wider one fades them into their mean.
 */
function footprints(r: number, bandAngle: number): Uint16Array {
  const half = new Uint16Array(Math.ceil(r) + 2)
  for (let rho = 0; rho < half.length; rho++) {
    const d = Math.max(0.5, rho)
    const bandPx = bandAngle * d
    const widen = bandPx >= 2 ? 1 : (2 / bandPx) ** 2
    half[rho] = Math.min(BINS / 2 - 1, Math.round(((0.5 * widen) / d / TWO_PI) * BINS))
  }
  return half
}

/**
 * Paints the disc of centre c and radius r (device px) on a px × px canvas, its segments (start
 * angles in radians, plus the end) grouped into bands at least `minAngle` wide. Loaded only for a
 * wheel that needs it (draw-wheel.ts), so a first visit with a small wheel does not download it.
 */
export function paintBandWheel(
  ctx: CanvasRenderingContext2D,
  colors: string[],
  starts: number[],
  minAngle: number,
  px: number,
  c: number,
  r: number,
): void {
  const bands = colourBands(starts, colors, minAngle)
  const d = discOf(px, c, r)
  // Every pixel of the disc is written below and none outside it ever is: the image is reused.
  d.image ??= ctx.createImageData(px, px)
  const pixels = new Uint32Array(d.image.data.buffer)
  const { start, word: words, colour, sum } = runs(bands)
  const half = footprints(r, TWO_PI / bands.colors.length)
  // A footprint narrower than every band that starts and ends in one band lies wholly inside it.
  let narrow = BINS
  for (let i = 0; i < bands.colors.length; i++)
    narrow = Math.min(
      narrow,
      (((bands.starts[i + 1] as number) - (bands.starts[i] as number)) / TWO_PI) * BINS,
    )
  narrow = Math.floor(narrow / 2) - 1
  const { index, bin, rho, alpha } = d
  for (let p = 0; p < index.length; p++) {
    const h = half[rho[p] as number] as number
    const lo = (bin[p] as number) + OFF - h
    const hi = lo + 2 * h + 1
    const first = runOf[lo] as number
    let word: number
    // Most pixels lie inside one band: its colour. The others (edges, the centre) take the mean.
    if (h < narrow && first === runOf[hi - 1]) word = words[first] as number
    else {
      const last = runOf[hi] as number
      const k = 1 / (hi - lo)
      const a = 3 * first
      const z = 3 * last
      const from = lo - (start[first] as number)
      const to = hi - (start[last] as number)
      // Each channel's sum over [lo, hi), from the running sums at the two ends' runs.
      const red =
        (sum[z] as number) + to * (colour[z] as number) - (sum[a] as number) - from * (colour[a] as number)
      const green =
        (sum[z + 1] as number) +
        to * (colour[z + 1] as number) -
        (sum[a + 1] as number) -
        from * (colour[a + 1] as number)
      const blue =
        (sum[z + 2] as number) +
        to * (colour[z + 2] as number) -
        (sum[a + 2] as number) -
        from * (colour[a + 2] as number)
      word = ((blue * k + 0.5) << 16) | ((green * k + 0.5) << 8) | ((red * k + 0.5) | 0)
    }
    // RGBA bytes read as one little-endian word: ABGR.
    pixels[index[p] as number] = (word | ((alpha[p] as number) << 24)) >>> 0
  }
  ctx.putImageData(d.image, 0, 0)
}
