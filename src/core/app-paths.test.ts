import { describe, expect, it } from 'vitest'
import { isAppPath } from './app-paths'

describe('isAppPath', () => {
  it('knows /fair and the pages of draws, and nothing under them', () => {
    expect(isAppPath('/fair')).toBe(true)
    expect(isAppPath('/draw/AbCdEfGhIjKlMnOpQrStUv')).toBe(true)
    expect(isAppPath('/draw/AbCdEfGhIjKlMnOpQrStUv/')).toBe(true)
    expect(isAppPath('/draw')).toBe(false)
    expect(isAppPath('/draw/a/b')).toBe(false)
    expect(isAppPath('/draw/<script>')).toBe(false)
    expect(isAppPath('/nope')).toBe(false)
  })

  it('knows a live room’s Watch, Screen and Remote pages (issue 35)', () => {
    for (const page of ['/live/ACK349', '/live/ACK349/screen', '/live/ACK349/remote'])
      expect(isAppPath(page)).toBe(true)
    for (const page of ['/live', '/live/ACK34', '/live/ACK349/other', '/live/ACK349/screen/x'])
      expect(isAppPath(page)).toBe(false)
  })
})
