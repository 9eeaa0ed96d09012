import { type RefObject, useCallback, useEffect, useState } from 'react'

/**
 * Full screen for the wheel: the Fullscreen API on `ref`'s element where the browser allows it,
 * and otherwise (refused, or no API) the element covers the window as an overlay. Focus moves to
 * that element, so the key that pressed "Full screen" is not left on "Exit full screen". Space and
 * Enter there (or with nothing focused) spin; Esc leaves either way (while no dialog, such as the
 * winner modal, is open: Esc closes that first).
 */
export function useFullScreen(ref: RefObject<HTMLElement | null>, spin: () => unknown) {
  const [on, setOn] = useState(false)

  const enter = useCallback(async () => {
    setOn(true)
    try {
      await ref.current?.requestFullscreen?.()
    } catch {
      // Refused (an iframe without permission, a browser setting): the overlay stays.
    }
  }, [ref])

  const exit = useCallback(() => {
    setOn(false)
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {})
  }, [])

  useEffect(() => {
    if (on) ref.current?.focus()
  }, [on, ref])

  useEffect(() => {
    if (!on) return
    const onChange = () => {
      if (!document.fullscreenElement) setOn(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('dialog[open], [role="dialog"]')) return
      if (event.key === 'Escape') exit()
      else if (
        (event.key === ' ' || event.key === 'Enter') &&
        (event.target === ref.current || event.target === document.body)
      ) {
        event.preventDefault()
        void spin()
      }
    }
    document.addEventListener('fullscreenchange', onChange)
    window.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('fullscreenchange', onChange)
      window.removeEventListener('keydown', onKey)
    }
  }, [on, exit, spin, ref])

  return { on, enter, exit }
}
