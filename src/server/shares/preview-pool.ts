import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import type { Item } from '../../core/wheel/model'
import type { PreviewTask } from './preview-worker'

export type PreviewPoolOptions = {
  /** Threads drawing at once (default: one fewer than the cores, at least 1, at most 2). */
  maxThreads?: number
  /** An idle thread ends after this long (ms), so an idle server holds none. */
  idleTimeoutMs?: number
  /** Drawings that may wait for a thread; past it, `render` refuses with PreviewPoolBusy. */
  maxQueue?: number
}

/** Thrown when every thread is busy and the queue is full: the caller answers 503. */
export class PreviewPoolBusy extends Error {
  constructor() {
    super('every preview thread is busy and the queue is full')
    this.name = 'PreviewPoolBusy'
  }
}

/**
 * The worker's file beside the running one: preview-worker.ts in the source tree (vitest, tsx),
 * loaded through tsx in the thread unless this process already has it; preview-worker.js beside
 * the bundle (dist/server/main.js), a second entry of vite.server.config.ts.
 */
export function previewWorker(from: string = import.meta.url): { filename: string; execArgv: string[] } {
  const file = fileURLToPath(from)
  const fromSource = file.endsWith('.ts')
  const filename = path.join(path.dirname(file), fromSource ? 'preview-worker.ts' : 'preview-worker.js')
  const hasTsx = process.execArgv.some((arg) => arg.includes('tsx'))
  return {
    filename,
    execArgv: fromSource && !hasTsx ? [...process.execArgv, '--import', 'tsx'] : process.execArgv,
  }
}

export type PreviewPool = {
  /** Draws a preview in a worker thread. */
  render(name: string, items: Item[]): Promise<Buffer>
  /** Ends the threads; drawings still queued are refused. */
  close(): Promise<void>
}

/** Started on the first drawing, so a process that never draws a preview holds no thread. */
export function createPreviewPool(options: PreviewPoolOptions = {}): PreviewPool {
  const maxThreads = options.maxThreads ?? Math.max(1, Math.min(2, availableParallelism() - 1))
  const maxQueue = options.maxQueue ?? 32
  let pool: Piscina<PreviewTask, Uint8Array> | null = null
  let closed = false
  return {
    async render(name, items) {
      if (closed) throw new Error('the preview pool is closed')
      pool ??= new Piscina<PreviewTask, Uint8Array>({
        ...previewWorker(),
        minThreads: 0,
        maxThreads,
        idleTimeout: options.idleTimeoutMs ?? 30_000,
        maxQueue,
      })
      if (pool.queueSize >= maxQueue) throw new PreviewPoolBusy()
      const png = await pool.run({ name, items })
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength)
    },
    async close() {
      closed = true
      const running = pool
      pool = null
      await running?.destroy()
    },
  }
}
