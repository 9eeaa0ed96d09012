import { describe, expect, it } from 'vitest'
import { APP_PARAM_PATHS, APP_PATHS } from '../../core/app-paths'
import type { RouteObject } from '../router'
import { pageTable } from './page-table'

function paths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ['/'] : route.path ? [route.path] : []),
    ...paths(route.children ?? []),
  ])
}

describe('router', () => {
  it('renders exactly the pages the server answers with 200 (APP_PATHS and the parameter pages), plus the 404 catch-all', () => {
    const own = paths(pageTable)
    expect(own.filter((p) => p !== '*').sort()).toEqual([...APP_PATHS, ...APP_PARAM_PATHS].sort())
    expect(own).toContain('*')
    expect(new Set(own).size).toBe(own.length)
  })
})
