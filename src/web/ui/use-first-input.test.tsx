// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useOnFirstInput } from './use-first-input'

describe('useOnFirstInput', () => {
  afterEach(cleanup)

  it('runs once, at the first pointer move, press, touch or key anywhere on the page', () => {
    for (const event of [
      new PointerEvent('pointermove'),
      new PointerEvent('pointerdown'),
      new Event('touchstart'),
      new KeyboardEvent('keydown', { key: 'Tab' }),
    ]) {
      const run = vi.fn()
      const { unmount } = renderHook(() => useOnFirstInput(run))
      expect(run).not.toHaveBeenCalled()
      document.body.dispatchEvent(new Event('scroll'))
      expect(run).not.toHaveBeenCalled()
      document.body.dispatchEvent(Object.defineProperty(event, 'bubbles', { value: true }))
      expect(run).toHaveBeenCalledTimes(1)
      window.dispatchEvent(new PointerEvent('pointerdown'))
      expect(run).toHaveBeenCalledTimes(1)
      unmount()
    }
  })

  it('runs nothing for a page left before anyone touched it', () => {
    const run = vi.fn()
    const { unmount } = renderHook(() => useOnFirstInput(run))
    unmount()
    window.dispatchEvent(new PointerEvent('pointermove'))
    expect(run).not.toHaveBeenCalled()
  })
})
