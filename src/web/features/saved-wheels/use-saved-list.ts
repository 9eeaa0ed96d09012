import { useDeferredValue, useMemo } from 'react'
import type { Wheel } from '../../../core/wheel/model'
import { summarizeWheel } from '../../../core/wheel/summary'
import { savedWheelsRead } from '../../state/browser-data'
import { memoByObject } from '../../state/memo'
import { useWheelStore } from '../../state/wheel-store'
import { type SortKey, visibleWheels } from './sort'

// Derived once per wheel object: the list and the search stay cheap with hundreds of wheels.
const summaryOf = memoByObject(summarizeWheel)
const textsOf = memoByObject((wheel: Wheel) => wheel.items.map((i) => i.text.toLowerCase()))

/**
 * The saved wheels as /saved lists them. Before the wheels themselves are read from the browser's
 * database, their summaries (read first, a few bytes each) fill the list, and the search looks at
 * names only; once read, item texts count too.
 */
export function useSavedWheelList(query: string, sort: SortKey) {
  const fullWheels = useWheelStore((s) => s.savedWheels)
  const loaded = useWheelStore((s) => s.savedWheelsLoaded)
  const early = useWheelStore((s) => s.savedSummaries)
  const deferredQuery = useDeferredValue(query)
  const wheels = useMemo(
    () => (loaded || !early ? fullWheels.map(summaryOf) : early),
    [loaded, early, fullWheels],
  )
  const shown = useMemo(() => {
    const byId = new Map(fullWheels.map((w) => [w.id, w]))
    const itemTexts = (wheelId: string) => {
      const wheel = byId.get(wheelId)
      return wheel ? textsOf(wheel) : undefined
    }
    return visibleWheels(wheels, deferredQuery, sort, itemTexts)
  }, [wheels, fullWheels, deferredQuery, sort])
  return { listed: loaded || early !== null, wheels, shown }
}

/** Runs an action on a saved wheel once the wheels themselves are read (the list shows before). */
export const withSavedWheel = (id: string, action: (wheel: Wheel) => void) =>
  void savedWheelsRead().then(() => {
    const wheel = useWheelStore.getState().savedWheels.find((w) => w.id === id)
    if (wheel) action(wheel)
  })
