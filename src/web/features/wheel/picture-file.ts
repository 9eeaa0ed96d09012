import { isPictureUrl, PICTURE_MAX_SIDE } from '../../../core/wheel/picture'
import { PICTURE_MESSAGES, pictureFileProblem } from '../../../core/wheel/picture-file-check'

/**
 * A chosen picture file made into what the wheel stores (core/wheel/picture.ts): checked by its
 * size and first bytes before anything decodes it, decoded by the browser (a GIF gives its first
 * frame), made at most PICTURE_MAX_SIDE px a side and written again as WebP (PNG where the browser
 * cannot write WebP), smaller or at a lower quality until it fits the byte cap. Loaded on first use.
 */
export type PictureResult = { ok: true; url: string } | { ok: false; error: string }

const QUALITIES = [0.85, 0.7, 0.5]
const SIDES = [PICTURE_MAX_SIDE, 192, 128]

export async function readPictureFile(file: Blob): Promise<PictureResult> {
  let head: Uint8Array
  try {
    head = new Uint8Array(await file.slice(0, 512).arrayBuffer())
  } catch {
    return { ok: false, error: PICTURE_MESSAGES.broken }
  }
  const problem = pictureFileProblem(file.size, head)
  if (problem) return { ok: false, error: problem }
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return { ok: false, error: PICTURE_MESSAGES.broken }
  }
  try {
    if (bitmap.width === 0 || bitmap.height === 0) return { ok: false, error: PICTURE_MESSAGES.broken }
    for (const side of SIDES)
      for (const quality of QUALITIES) {
        const url = encode(bitmap, side, quality)
        if (isPictureUrl(url)) return { ok: true, url }
      }
    return { ok: false, error: PICTURE_MESSAGES.stillTooLarge }
  } finally {
    bitmap.close()
  }
}

function encode(bitmap: ImageBitmap, side: number, quality: number): string {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(bitmap.width * scale))
  canvas.height = Math.max(1, Math.round(bitmap.height * scale))
  const ctx = canvas.getContext('2d')
  if (!ctx) return ''
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  const webp = canvas.toDataURL('image/webp', quality)
  return webp.startsWith('data:image/webp') ? webp : canvas.toDataURL('image/png')
}
