import { Resvg } from '@resvg/resvg-js'
import { wheelPreviewSvg } from '../../core/share/wheel-svg'
import type { Item } from '../../core/wheel/model'

/** The 1200×630 preview of a shared wheel as PNG, rendered from the same geometry as the page. */
export function renderPreviewPng(name: string, items: Item[]): Buffer {
  const svg = wheelPreviewSvg(name, items)
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    shapeRendering: 2,
    textRendering: 1,
  })
  return resvg.render().asPng()
}

/**
 * Rendered previews kept in memory, least recently used dropped first, within a byte budget.
 * A snapshot never changes, so an id's image never goes stale; a deleted link's is dropped.
 */
export type CachedPreview = { png: Buffer; checkedAt: number }

export function createPreviewCache(maxBytes = 64 * 1024 * 1024) {
  const entries = new Map<string, CachedPreview>()
  let bytes = 0
  return {
    get(id: string): CachedPreview | undefined {
      const entry = entries.get(id)
      if (entry) {
        entries.delete(id)
        entries.set(id, entry)
      }
      return entry
    },
    /** Stores an image; `checkedAt` is when the link was last known to be live (ms). */
    set(id: string, png: Buffer, checkedAt: number): void {
      this.delete(id)
      entries.set(id, { png, checkedAt })
      bytes += png.length
      for (const [oldest, old] of entries) {
        if (bytes <= maxBytes) break
        entries.delete(oldest)
        bytes -= old.png.length
      }
    },
    delete(id: string): void {
      const entry = entries.get(id)
      if (!entry) return
      entries.delete(id)
      bytes -= entry.png.length
    },
  }
}
