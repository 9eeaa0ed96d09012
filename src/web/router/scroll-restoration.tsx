import { useEffect, useLayoutEffect, useRef } from 'react'
import { useRouter } from './components'

const STORAGE_KEY = 'whirl-scroll-positions'
// Scroll positions by history entry key: Back returns to where the visitor was, also after a reload.
let positions: Record<string, number> | null = null

function savedPositions(): Record<string, number> {
  if (positions) return positions
  positions = {}
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown
    if (stored && typeof stored === 'object') {
      for (const [key, value] of Object.entries(stored)) if (typeof value === 'number') positions[key] = value
    }
  } catch {
    // Storage refused or unreadable: start without remembered positions.
  }
  return positions
}

function returning(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  return entry?.type === 'reload' || entry?.type === 'back_forward'
}

function scrollToHash(hash: string): boolean {
  if (!hash || hash === '#') return false
  let id = hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // Keep the raw id.
  }
  const element = document.getElementById(id)
  if (!element) return false
  element.scrollIntoView()
  return true
}

/**
 * New pages start at the top (or at their `#hash`); Back and Forward return to the position the
 * visitor left that page at. Replaces the browser's own restoration, which runs before a
 * client-rendered page exists.
 */
export function ScrollRestoration() {
  const { router, state } = useRouter()
  const first = useRef(true)

  useEffect(() => {
    const history = window.history
    history.scrollRestoration = 'manual'
    // The position as the last scroll event left it: reading window.scrollY when the page is hidden
    // made the browser lay out the leaving page first (11 ms before the next page could start, on
    // every navigation to another document). Read here once, after the first paint.
    let scrolledTo = window.scrollY
    const onScroll = () => {
      scrolledTo = window.scrollY
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    const remember = (key: string) => {
      savedPositions()[key] = scrolledTo
    }
    const off = router.onBeforeCommit((from) => remember(from.key))
    const onHide = () => {
      remember(router.state.location.key)
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()))
      } catch {
        // A full storage only loses the positions.
      }
    }
    window.addEventListener('pagehide', onHide)
    return () => {
      off()
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', onHide)
      history.scrollRestoration = 'auto'
    }
  }, [router])

  const { key, hash } = state.location
  const action = state.action
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per shown history entry
  useLayoutEffect(() => {
    const initial = first.current
    first.current = false
    // On the page the app opened on, a saved position is used after a reload or Back/Forward into
    // this document; a fresh visit starts where the browser puts it.
    const saved = !initial || returning() ? savedPositions()[key] : undefined
    if ((initial || action === 'POP') && saved !== undefined) window.scrollTo(0, saved)
    else if (scrollToHash(hash)) return
    else if (!initial) window.scrollTo(0, 0)
  }, [key])
  return null
}
