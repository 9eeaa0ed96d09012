import { describe, expect, it } from 'vitest'
import { createPreviewPool, previewWorker } from './preview-pool'

describe('the preview pool', () => {
  it('finds its worker beside the running file: the bundle’s .js, or the source’s .ts through tsx', () => {
    const bundled = previewWorker('file:///srv/whirl/dist/server/main.js')
    expect(bundled.filename).toBe('/srv/whirl/dist/server/preview-worker.js')
    expect(bundled.execArgv).not.toContain('tsx')
    const source = previewWorker('file:///work/whirl/src/server/shares/preview-pool.ts')
    expect(source.filename).toBe('/work/whirl/src/server/shares/preview-worker.ts')
    expect(source.execArgv.some((arg) => arg.includes('tsx'))).toBe(true)
  })

  it('draws a PNG in a worker thread and refuses once closed', async () => {
    const pool = createPreviewPool({ maxThreads: 1 })
    const png = await pool.render('Pool', [{ id: 'a', text: 'A', color: '#ef4444' }])
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    await pool.close()
    await expect(pool.render('Pool', [])).rejects.toThrow(/closed/)
  })
})
