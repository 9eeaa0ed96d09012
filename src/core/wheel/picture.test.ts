import { describe, expect, it } from 'vitest'
import { createShareRequestSchema, snapshotOf } from '../share/protocol'
import { syncedWheelSchema } from '../sync/protocol'
import { exportWheel, parseWheelFile } from './import-export'
import { createDefaultWheel } from './model'
import { isPictureUrl, MAX_PICTURE_BYTES } from './picture'
import {
  base64Head,
  MAX_PICTURE_FILE_BYTES,
  PICTURE_MESSAGES,
  pictureFileProblem,
  sniffPicture,
} from './picture-file-check'
import { itemSchema, pictureSchema } from './schema'

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]
const WEBP = [0x52, 0x49, 0x46, 0x46, 40, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]
const GIF = [...Buffer.from('GIF89a'), 1, 0, 1, 0]
const bytes = (list: number[] | string) => new Uint8Array(typeof list === 'string' ? Buffer.from(list) : list)
const url = (type: string, list: number[] | Uint8Array) =>
  `data:image/${type};base64,${Buffer.from(list).toString('base64')}`

describe('a chosen picture file is judged by its bytes', () => {
  it('knows PNG, JPEG, WebP and GIF by their first bytes', () => {
    expect(sniffPicture(bytes(PNG))).toBe('png')
    expect(sniffPicture(bytes(JPEG))).toBe('jpeg')
    expect(sniffPicture(bytes(WEBP))).toBe('webp')
    expect(sniffPicture(bytes(GIF))).toBe('gif')
    expect(pictureFileProblem(2000, bytes(GIF))).toBeNull()
  })

  it('refuses a "PNG" that is really HTML', () => {
    const html = bytes('<!doctype html><html><script>alert(1)</script></html>')
    expect(sniffPicture(html)).toBeNull()
    expect(pictureFileProblem(html.length, html)).toBe(PICTURE_MESSAGES.notPicture)
  })

  it('refuses SVG with its own message, also behind an XML declaration or a byte order mark', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?>\n<svg/>',
      '\uFEFF  <svg>',
    ]) {
      const data = bytes(text)
      expect(pictureFileProblem(data.length, data)).toBe(PICTURE_MESSAGES.svg)
    }
  })

  it('refuses a 50 MB file by its size alone, before it is decoded', () => {
    expect(pictureFileProblem(50 * 1024 * 1024, bytes(PNG))).toBe(PICTURE_MESSAGES.tooLarge)
    expect(pictureFileProblem(MAX_PICTURE_FILE_BYTES, bytes(PNG))).toBeNull()
  })

  it('reads the first bytes of base64', () => {
    expect([...base64Head(Buffer.from(PNG).toString('base64'), 8)]).toEqual(PNG.slice(0, 8))
  })
})

describe('a stored picture is a PNG, JPEG or WebP data URL under the cap', () => {
  it('accepts the three types when the bytes agree with the type', () => {
    expect(isPictureUrl(url('png', PNG))).toBe(true)
    expect(isPictureUrl(url('jpeg', JPEG))).toBe(true)
    expect(isPictureUrl(url('webp', WEBP))).toBe(true)
    expect(pictureSchema.safeParse(url('png', PNG)).success).toBe(true)
  })

  it('refuses other types, links, HTML behind a picture type and broken base64', () => {
    for (const bad of [
      url('gif', GIF),
      url('svg+xml', bytes('<svg/>')),
      url('png', bytes('<html><body>hi</body></html>')),
      url('jpeg', PNG),
      'https://example.com/cat.png',
      'javascript:alert(1)',
      'data:image/png;base64,',
      'data:image/png;base64,iVBORw0KGgo*AAAA',
      'data:image/png,iVBORw0KGgo',
    ]) {
      expect(isPictureUrl(bad), bad.slice(0, 40)).toBe(false)
      expect(pictureSchema.safeParse(bad).success).toBe(false)
    }
  })

  it('agrees with the bytes: a data URL passes exactly when its decoded start sniffs as its type', () => {
    const starts = [
      PNG,
      JPEG,
      WEBP,
      GIF,
      [...WEBP.slice(0, 8), 0x57, 0x45, 0x42, 0x51],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b],
    ]
    for (const type of ['png', 'jpeg', 'webp', 'gif'])
      for (const start of starts) {
        const data = bytes([...start, ...Array.from({ length: 20 }, (_, i) => i * 7)])
        expect(isPictureUrl(url(type, data)), `${type} ${start}`).toBe(
          sniffPicture(data) === type && type !== 'gif',
        )
      }
  })

  it('refuses a picture one byte over the cap and keeps one at the cap', () => {
    const at = new Uint8Array(MAX_PICTURE_BYTES)
    at.set(PNG)
    expect(isPictureUrl(url('png', at))).toBe(true)
    const over = new Uint8Array(MAX_PICTURE_BYTES + 1)
    over.set(PNG)
    expect(isPictureUrl(url('png', over))).toBe(false)
  })

  it('an item keeps a valid picture and is refused with a bad one', () => {
    const item = { id: 'a', text: 'Cat', color: '#ef4444' }
    expect(itemSchema.safeParse({ ...item, image: url('png', PNG) }).success).toBe(true)
    expect(itemSchema.safeParse({ ...item, image: url('png', bytes('<svg/>')) }).success).toBe(false)
  })
})

describe('pictures travel with the wheel', () => {
  const wheel = () => {
    const w = createDefaultWheel(() => 1)
    const [first, ...rest] = w.items
    return {
      ...w,
      items: [{ ...(first as (typeof w.items)[0]), image: url('webp', WEBP) }, ...rest],
      centerImage: url('png', PNG),
    }
  }

  it('an export read back keeps the item picture and the centre picture', () => {
    const back = parseWheelFile(exportWheel(wheel()).json)
    expect(back.ok && back.wheel.items[0]?.image).toBe(url('webp', WEBP))
    expect(back.ok && back.wheel.centerImage).toBe(url('png', PNG))
  })

  it('share links and cloud sync take valid pictures and refuse HTML dressed as one', () => {
    expect(snapshotOf(wheel()).centerImage).toBe(url('png', PNG))
    expect(createShareRequestSchema.safeParse({ wheel: snapshotOf(wheel()) }).success).toBe(true)
    const hostile = { ...wheel(), centerImage: url('png', bytes('<html><script>x()</script></html>')) }
    expect(createShareRequestSchema.safeParse({ wheel: hostile }).success).toBe(false)
    const saved = {
      ...wheel(),
      id: 'w1',
      createdAt: '2026-11-26T12:00:00.000Z',
      updatedAt: '2026-11-26T12:00:00.000Z',
    }
    expect(syncedWheelSchema.safeParse(saved).success).toBe(true)
    expect(syncedWheelSchema.safeParse({ ...saved, centerImage: 'https://example.com/x.png' }).success).toBe(
      false,
    )
  })
})
