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
})
