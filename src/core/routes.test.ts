import { describe, expect, it } from 'vitest'
import { isAppRoute } from './routes'

describe('isAppRoute', () => {
  it('knows /fair and the pages of draws, and nothing under them', () => {
    expect(isAppRoute('/fair')).toBe(true)
    expect(isAppRoute('/draw/AbCdEfGhIjKlMnOpQrStUv')).toBe(true)
    expect(isAppRoute('/draw/AbCdEfGhIjKlMnOpQrStUv/')).toBe(true)
    expect(isAppRoute('/draw')).toBe(false)
    expect(isAppRoute('/draw/a/b')).toBe(false)
    expect(isAppRoute('/draw/<script>')).toBe(false)
    expect(isAppRoute('/nope')).toBe(false)
  })

  it('knows a live room’s Watch, Screen and Remote pages (issue 35)', () => {
    for (const page of ['/live/ACK349', '/live/ACK349/screen', '/live/ACK349/remote'])
      expect(isAppRoute(page)).toBe(true)
    for (const page of ['/live', '/live/ACK34', '/live/ACK349/other', '/live/ACK349/screen/x'])
      expect(isAppRoute(page)).toBe(false)
  })
})
