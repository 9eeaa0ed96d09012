import type { Db } from '../db/client'
import { countHit, readHits } from './counter'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void
type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } }

/**
 * A store for @fastify/rate-limit that counts in the database every process shares (PostgreSQL,
 * or PGlite for one process), so a route's limit holds for the whole cluster. Each route gets its
 * own key space ("METHOD url:"); windows are fixed and start at a key's first hit.
 */
export function databaseRateLimitStore(db: Db) {
  class DatabaseStore {
    constructor(
      _params?: unknown,
      readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      )
    }

    read(key: string, callback: Callback): void {
      readHits(db, this.prefix + key).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      )
    }

    child(routeOptions: object): DatabaseStore {
      const options = routeOptions as RouteInfo
      const method = [options.routeInfo?.method ?? ''].flat().join(',')
      return new DatabaseStore(undefined, `${this.prefix}${method} ${options.routeInfo?.url ?? ''}:`)
    }
  }
  return DatabaseStore
}
