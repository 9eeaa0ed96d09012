import { useEffect, useState } from 'react'
import type { SharedWheel } from '../../../core/share/protocol'
import { ApiError } from '../../api/client'
import { sharesApi } from '../../api/shares'

export type SharedWheelState =
  | { kind: 'loading' }
  | { kind: 'ready'; share: SharedWheel }
  | { kind: 'missing' | 'gone' }
  | { kind: 'error'; message: string }

/** Loads the shared wheel of a link id: ready, missing (404), gone (410) or another error. */
export function useSharedWheel(id: string | undefined): SharedWheelState {
  const [state, setState] = useState<SharedWheelState>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    setState({ kind: 'loading' })
    sharesApi.get(id ?? '').then(
      (share) => live && setState({ kind: 'ready', share }),
      (error: unknown) => {
        if (!live) return
        const status = error instanceof ApiError ? error.status : 0
        if (status === 404) setState({ kind: 'missing' })
        else if (status === 410) setState({ kind: 'gone' })
        else setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) })
      },
    )
    return () => {
      live = false
    }
  }, [id])
  return state
}
