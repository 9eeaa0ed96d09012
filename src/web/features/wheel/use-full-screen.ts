import { type RefObject, useCallback, useEffect, useState } from 'react'

/** The wheel's size in full screen: the largest square that leaves room for the buttons. */
const fullSize = () => Math.max(160, Math.min(window.innerWidth - 32, window.innerHeight - 140))

/**
 * Full screen for the wheel: the Fullscreen API on `ref`'s element where the browser allows it,
 * and otherwise (refused, or no API) the element covers the window as an overlay. Esc leaves
 * either way (while no dialog, such as the winner modal, is open: Esc closes that first).
 */
export function useFullScreen(ref: RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false)
  const [size, setSize] = useState(0)

  const enter = useCallback(async () => {
    setSize(fullSize())
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
    if (!on) return
    const onResize = () => setSize(fullSize())
    const onChange = () => {
      if (!document.fullscreenElement) setOn(false)
      onResize()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open], [role="dialog"]')) return
      exit()
    }
    window.addEventListener('resize', onResize)
    document.addEventListener('fullscreenchange', onChange)
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('resize', onResize)
      document.removeEventListener('fullscreenchange', onChange)
      window.removeEventListener('keydown', onKey)
    }
  }, [on, exit])

  return { on, size, enter, exit }
}
