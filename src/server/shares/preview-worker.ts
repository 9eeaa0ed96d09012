import type { Item } from '../../core/wheel/model'
import { renderPreviewPng } from './image'

export type PreviewTask = { name: string; items: Item[] }

/**
 * Runs in a thread of the preview pool (preview-pool.ts): builds the SVG and draws it as PNG, so
 * the server's event loop never does either. Bundled as dist/server/preview-worker.js.
 */
export default function drawPreview({ name, items }: PreviewTask): Uint8Array {
  return renderPreviewPng(name, items)
}
