import { useEffect, useRef, useState } from 'react'
import type { RoomSpin, RoomState } from '../../../core/rooms/protocol'
import { connectLive, type LiveConnection, type LiveStatus } from '../../api/rooms'

export type LiveRoom = {
  room: RoomState | null
  viewers: number
  status: LiveStatus
  /** The last refusal or failure the server sent, if any. */
  problem: string | null
  connection: LiveConnection | null
}

/** A page's view of a live room: its state as the server last sent it, kept live (issue 35). */
export function useLiveRoom(code: string, token?: string): LiveRoom {
  const [room, setRoom] = useState<RoomState | null>(null)
  const [viewers, setViewers] = useState(0)
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const [problem, setProblem] = useState<string | null>(null)
  const [connection, setConnection] = useState<LiveConnection | null>(null)
  useEffect(() => {
    const live = connectLive(
      code,
      {
        state: (next) => {
          setRoom(next)
          setViewers(next.viewers)
        },
        viewers: setViewers,
        status: setStatus,
        error: (message) => setProblem(message),
      },
      token,
    )
    setConnection(live)
    return () => live.close()
  }, [code, token])
  return { room, viewers, status, problem, connection }
}

/** How long a landed spin's wheel (and its winner banner) stays before the room's current wheel. */
export const WINNER_HOLD_MS = 4_000

/**
 * Whether the last spin has landed, at the estimated server time: re-renders once when it does
 * (a timer, not a frame loop), so the winner shows on every screen at the same moment.
 */
export function useLanded(spin: RoomSpin | null, serverNow: () => number, after = 0): boolean {
  const end = spin ? spin.start + spin.duration + after : 0
  const [landed, setLanded] = useState(() => !spin || serverNow() >= end)
  const now = useRef(serverNow)
  now.current = serverNow
  useEffect(() => {
    if (!spin) {
      setLanded(true)
      return
    }
    const wait = end - now.current()
    setLanded(wait <= 0)
    if (wait <= 0) return
    const timer = window.setTimeout(() => setLanded(true), wait)
    return () => window.clearTimeout(timer)
  }, [spin, end])
  return landed
}
