import { describe, expect, it } from 'vitest'
import { APP_PARAM_ROUTES, APP_ROUTES } from '../../core/routes'
import type { RouteObject } from '../router'
import { routes } from './router'

function paths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ['/'] : route.path ? [route.path] : []),
    ...paths(route.children ?? []),
  ])
}

describe('router', () => {
  it('renders exactly the pages the server answers with 200 (APP_ROUTES and the parameter pages), plus the 404 catch-all', () => {
    const own = paths(routes)
    expect(own.filter((p) => p !== '*').sort()).toEqual([...APP_ROUTES, ...APP_PARAM_ROUTES].sort())
    expect(own).toContain('*')
    expect(new Set(own).size).toBe(own.length)
  })
})
