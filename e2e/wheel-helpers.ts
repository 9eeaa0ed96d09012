import { expect, type Page } from '@playwright/test'
import { STORE_KEY } from '../src/core/storage/keys'

export type SeedItem = { id: string; text: string; color: string }

/**
 * Puts a wheel in local storage (the store's version-1 shape) and loads /wheel, or `at.path` (a
 * language's /wheel, /es/wheel) with the wheel named `at.name`.
 */
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
  at: { path?: string; name?: string } = {},
) {
  const { path = '/wheel', name = 'Test Wheel' } = at
  const state = {
    version: 1,
    currentWheel: {
      id: null,
      name,
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
  // Seeded before the page's own scripts run, once (a later reload keeps what the app stored): set
  // from an open page instead, the app there (a premium user's sync starting on /) could write its
  // own state over the seed before /wheel opened.
  const token = `seed-${Date.now()}-${Math.random()}`
  await page.addInitScript(
    ([key, value, once, where]) => {
      try {
        if (location.pathname !== where || sessionStorage.getItem(once as string)) return
        sessionStorage.setItem(once as string, '1')
        localStorage.setItem(key as string, value as string)
      } catch {
        // A frame without storage (about:blank): nothing to seed.
      }
    },
    [STORE_KEY, JSON.stringify(state), token, path],
  )
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  // The prerendered page shows the stored wheel's name too, before the app runs, and is inert: a
  // click there does nothing (versions.spec.ts's Save Wheel once did nothing on a loaded machine).
  await expect(page.locator('#root > [inert]')).toHaveCount(0)
}

export const items = (texts: string[], colors: string[]) =>
  texts.map((text, i) => ({ id: `i${i}`, text, color: colors[i % colors.length] as string }))

/** Colours of the pixels on the ray from the wheel's centre straight up to the pointer. */
/**
 * The colours straight under the pointer, at `from` … 0.86 of the wheel's radius (0.01 apart).
 * `from` lets a test skip the middle, where a narrow segment is too thin to read a colour off.
 */
export async function colorsUnderPointer(page: Page, from = 0.22): Promise<[number, number, number][]> {
  const wheel = page.getByTestId('wheel')
  const box = await wheel.boundingBox()
  if (!box) throw new Error('no wheel')
  const png = await page.screenshot({ clip: box })
  return page.evaluate(
    async ({ base64, start }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
      ctx.drawImage(bitmap, 0, 0)
      const cx = bitmap.width / 2
      const cy = bitmap.height / 2
      const r = bitmap.width / 2
      const out: [number, number, number][] = []
      for (let f = start; f <= 0.86; f += 0.01) {
        const d = ctx.getImageData(Math.round(cx), Math.round(cy - f * r), 1, 1).data
        out.push([d[0] as number, d[1] as number, d[2] as number])
      }
      return out
    },
    { base64: png.toString('base64'), start: from },
  )
}

/** The channel sum every test colour has: blends with the white separators and labels leave it. */
const COLOR_SUM = 330

/**
 * Test colours that no drawn pixel of one segment can be taken for another, by construction.
 * A failed run (31 items "matchesOther 1", 13 items "matchesOther 2") was anti-aliasing, not two
 * colours landing together: the sampled line runs through the winner's label and along the white
 * separators, whose edges blend the segment colour with the text or white, and with up to 40
 * random colours such a blend now and then fell within 4 of an unrelated item's colour. Here every
 * colour has the same channel sum, so a blend towards white or a label colour leaves that sum and
 * cannot be within 4 per channel of another colour unless the two are within ~50 of each other;
 * they are at least 60 apart.
 */
export function distinctColors(count: number, random: () => number): string[] {
  // A lattice in the plane of equal channel sums: 46 colours, each two at least 60 apart, shuffled.
  const lattice: [number, number, number][] = []
  for (let r = 20; r <= 235; r += 30)
    for (let g = 20; g <= 235; g += 30) {
      const b = COLOR_SUM - r - g
      if (b >= 20 && b <= 235) lattice.push([r, g, b])
    }
  for (let i = lattice.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[lattice[i], lattice[j]] = [
      lattice[j] as [number, number, number],
      lattice[i] as [number, number, number],
    ]
  }
  if (count > lattice.length) throw new Error(`at most ${lattice.length} distinct test colours`)
  return lattice.slice(0, count).map((rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`)
}

export function hexToRgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

export const near = (a: [number, number, number], b: [number, number, number], tolerance = 4) =>
  a.every((v, i) => Math.abs(v - (b[i] as number)) <= tolerance)

/** The saved wheels as this browser stores them (IndexedDB, one record per wheel, in saved order). */
export function storedSavedWheels(page: Page): Promise<{ id: string; name: string; items: unknown[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('whirl')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('wheels')) {
            db.close()
            resolve([])
            return
          }
          const request = db.transaction('wheels').objectStore('wheels').getAll()
          request.onsuccess = () => {
            db.close()
            const rows = request.result as {
              seq: number
              wheel: { id: string; name: string; items: unknown[] }
            }[]
            resolve(rows.sort((a, b) => a.seq - b.seq).map((r) => r.wheel))
          }
          request.onerror = () => reject(request.error)
        }
      }),
  )
}

/** How many saved wheels this browser stores (without carrying them out of the page). */
export function countStoredSavedWheels(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('whirl')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('wheels')) {
            db.close()
            resolve(0)
            return
          }
          const request = db.transaction('wheels').objectStore('wheels').count()
          request.onsuccess = () => {
            db.close()
            resolve(request.result)
          }
          request.onerror = () => reject(request.error)
        }
      }),
  )
}

/** The wheel store's local-storage state, with a large current wheel's chunked items put back. */
export function storedWheelState(
  page: Page,
): Promise<Record<string, unknown> & { currentWheel: { items: unknown[] } }> {
  return page.evaluate((key) => {
    const state = JSON.parse(localStorage.getItem(key) ?? '{}')
    if (state.currentItems) {
      state.currentWheel.items = state.currentItems.keys.flatMap((k: string) =>
        JSON.parse(localStorage.getItem(k) ?? '[]'),
      )
      delete state.currentItems
    }
    return state
  }, STORE_KEY)
}
