import { expect, type Page } from '@playwright/test'

export const STORE_KEY = 'whirl-wheel-store'

export type SeedItem = { id: string; text: string; color: string }

/** Puts a wheel in local storage (the store's version-1 shape) and loads /wheel. */
export async function openWithWheel(
  page: Page,
  items: SeedItem[],
  settings: Partial<{
    spinDuration: number
    soundEnabled: boolean
    confettiEnabled: boolean
    mode: string
    wheelSize: number
  }> = {},
) {
  const state = {
    version: 1,
    currentWheel: {
      id: null,
      name: 'Test Wheel',
      items,
      settings: {
        spinDuration: 1000,
        soundEnabled: false,
        confettiEnabled: false,
        wheelSize: 300,
        mode: 'normal',
        ...settings,
      },
      tally: {},
    },
    savedWheels: [],
    spinHistory: [],
    settings: { soundEnabled: true, confettiEnabled: true, autoSave: true },
  }
  await page.goto('/')
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [STORE_KEY, JSON.stringify(state)],
  )
  await page.goto('/wheel')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test Wheel')
}

export const items = (texts: string[], colors: string[]) =>
  texts.map((text, i) => ({ id: `i${i}`, text, color: colors[i % colors.length] as string }))

/** Colours of the pixels on the ray from the wheel's centre straight up to the pointer. */
export async function colorsUnderPointer(page: Page): Promise<[number, number, number][]> {
  const wheel = page.getByTestId('wheel')
  const box = await wheel.boundingBox()
  if (!box) throw new Error('no wheel')
  const png = await page.screenshot({ clip: box })
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    ctx.drawImage(bitmap, 0, 0)
    const cx = bitmap.width / 2
    const cy = bitmap.height / 2
    const r = bitmap.width / 2
    const out: [number, number, number][] = []
    for (let f = 0.22; f <= 0.86; f += 0.01) {
      const d = ctx.getImageData(Math.round(cx), Math.round(cy - f * r), 1, 1).data
      out.push([d[0] as number, d[1] as number, d[2] as number])
    }
    return out
  }, png.toString('base64'))
}

export function hexToRgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

export const near = (a: [number, number, number], b: [number, number, number], tolerance = 4) =>
  a.every((v, i) => Math.abs(v - (b[i] as number)) <= tolerance)
