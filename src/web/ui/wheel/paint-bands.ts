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
 * The angles are binned (65,536 bins a turn); running sums of each bin's colour give any range's
 * mean in O(1), so a pixel costs the same whatever its footprint. Everything that depends only on
 * the size (each pixel's bin, footprint and rim coverage) is worked out once per size and kept.
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

/** Running sums of one channel over the bins: sums[b] is the total of bins [0, b). */
function runningSums(bands: Bands, shift: number): Uint32Array {
  const sums = new Uint32Array(BINS + 1)
  const n = bands.colors.length
  const channel = bands.colors.map((c) => (Number.parseInt(c.slice(1), 16) >> shift) & 255)
  let band = 0
  for (let b = 0; b < BINS; b++) {
    const centre = ((b + 0.5) / BINS) * TWO_PI
    while (band < n - 1 && (bands.starts[band + 1] as number) <= centre) band++
    sums[b + 1] = (sums[b] as number) + (channel[band] as number)
  }
  return sums
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
  const red = runningSums(bands, 16)
  const green = runningSums(bands, 8)
  const blue = runningSums(bands, 0)
  const total = BINS
  const half = footprints(r, TWO_PI / bands.colors.length)
  const { index, bin, rho, alpha } = d
  for (let p = 0; p < index.length; p++) {
    const h = half[rho[p] as number] as number
    const lo = (bin[p] as number) - h
    const hi = (bin[p] as number) + h + 1
    let r8: number
    let g8: number
    let b8: number
    if (lo >= 0 && hi <= total) {
      r8 = (red[hi] as number) - (red[lo] as number)
      g8 = (green[hi] as number) - (green[lo] as number)
      b8 = (blue[hi] as number) - (blue[lo] as number)
    } else if (lo < 0) {
      r8 = (red[hi] as number) + (red[total] as number) - (red[lo + total] as number)
      g8 = (green[hi] as number) + (green[total] as number) - (green[lo + total] as number)
      b8 = (blue[hi] as number) + (blue[total] as number) - (blue[lo + total] as number)
    } else {
      r8 = (red[total] as number) - (red[lo] as number) + (red[hi - total] as number)
      g8 = (green[total] as number) - (green[lo] as number) + (green[hi - total] as number)
      b8 = (blue[total] as number) - (blue[lo] as number) + (blue[hi - total] as number)
    }
    const k = 1 / (hi - lo)
    // RGBA bytes read as one little-endian word: ABGR.
    pixels[index[p] as number] =
      (((alpha[p] as number) << 24) |
        (Math.round(b8 * k) << 16) |
        (Math.round(g8 * k) << 8) |
        Math.round(r8 * k)) >>>
      0
  }
  ctx.putImageData(d.image, 0, 0)
}
