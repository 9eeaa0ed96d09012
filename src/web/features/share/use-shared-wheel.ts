import { useEffect, useRef, useState } from 'react'
import type { SharedWheel } from '../../../core/share/protocol'
import { ApiError } from '../../api/client'
import { sharesApi } from '../../api/shares'

export type SharedWheelState =
  | { kind: 'loading' }
  | { kind: 'ready'; share: SharedWheel }
  | { kind: 'missing' | 'gone' }
  | { kind: 'error'; message: string }

/** What an answer to the shared wheel's request means for the page. */
function stateOf(answer: Promise<SharedWheel>): Promise<SharedWheelState> {
  return answer.then(
    (share) => ({ kind: 'ready', share }),
    (error: unknown) => {
      const status = error instanceof ApiError ? error.status : 0
      if (status === 404) return { kind: 'missing' }
      if (status === 410) return { kind: 'gone' }
      return { kind: 'error', message: error instanceof Error ? error.message : String(error) }
    },
  )
}

/** The request made as the page's code arrived (askSharedWheelEarly), until a render takes it. */
let early: { id: string; state: Promise<SharedWheelState>; settled?: SharedWheelState } | null = null

/**
 * Asks for the shared wheel of the link this document opened at (/w/<id> or /embed/<id>, after a
 * language's prefix) as the page's code arrives, not after its first render: on a first visit that
 * render waits for the page's words, and the request waited behind them (400 ms on a slow
 * machine). Elsewhere (the page's code loaded ahead of a click) it asks nothing.
 */
export function askSharedWheelEarly(): void {
  const id = /\/(?:w|embed)\/([\w-]+)\/?$/.exec(location.pathname)?.[1]
  if (!id) return
  const asked = { id, state: stateOf(sharesApi.get(id)) }
  early = asked
  void asked.state.then((state) => Object.assign(asked, { settled: state }))
}

/** The early request for this id, taken once (a later render asks again); `settled`: only if answered. */
function takeEarly(id: string | undefined, settled = false) {
  const taken = id !== undefined && early?.id === id && (!settled || early.settled) ? early : null
  if (taken) early = null
  return taken
}

/** Loads the shared wheel of a link id: ready, missing (404), gone (410) or another error. */
export function useSharedWheel(id: string | undefined): SharedWheelState {
  // An answer already in is the first render's (no loading state in between).
  const [state, setState] = useState<SharedWheelState>(
    () => takeEarly(id, true)?.settled ?? { kind: 'loading' },
  )
  const answered = useRef(state.kind !== 'loading')
  useEffect(() => {
    if (answered.current) {
      answered.current = false
      return
    }
    let live = true
    setState({ kind: 'loading' })
    void (takeEarly(id)?.state ?? stateOf(sharesApi.get(id ?? ''))).then((next) => live && setState(next))
    return () => {
      live = false
    }
  }, [id])
  return state
}
