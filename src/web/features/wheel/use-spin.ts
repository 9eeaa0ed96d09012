import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { cryptoRandomSource } from '../../../core/random/random'
import type { Item } from '../../../core/wheel/model'
import { REDUCED_MOTION_DURATION, reducedMotionPlan } from '../../../core/wheel/spin'
import { planItemsSpin } from '../../../core/wheel/weighted-spin'
import { decideSpin, spinWaitsForDraw, useSpinGate } from '../../state/draw-spin'
import { useWheelStore } from '../../state/wheel-store'
import { celebrate, playWinSound, startSpinSound, stopSpinSound } from '../../ui/wheel/celebration'
import { turnThenShow } from '../../ui/wheel/turn-then-show'
import type { WheelViewHandle } from '../../ui/wheel/wheel-view'

const random = cryptoRandomSource((array) => crypto.getRandomValues(array))

/**
 * One spin, as the spec has it: ignored while spinning or with no items; clears the previous
 * winner; the spin sound loops until the end; the winner (decided by the plan's final angle) is
 * shown when the wheel stops, added to history, then the win sound (500 ms) and confetti (800 ms).
 */
export function useSpin(view: RefObject<WheelViewHandle | null>) {
  const [spinning, setSpinning] = useState(false)
  const [winner, setWinner] = useState<Item | null>(null)
  const busy = useRef(false)
  const timers = useRef<number[]>([])

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t)
      stopSpinSound()
    },
    [],
  )

  const spin = useCallback(async () => {
    const { currentWheel, recordWin } = useWheelStore.getState()
    const items = currentWheel.items
    if (busy.current || items.length === 0 || !view.current) return
    // A verifiable draw still committing its entries: the Spin button says so, and nothing spins.
    if (useSpinGate.getState().waiting !== null) return
    busy.current = true
    // A verifiable draw's reveal is a round trip: the page shows the spin while it waits.
    const showSpin = () => {
      setSpinning(true)
      setWinner(null)
    }
    const asking = spinWaitsForDraw()
    if (asking) showSpin()
    const { spinDuration, soundEnabled, confettiEnabled } = currentWheel.settings
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    // A verifiable draw reveals its winner first; the wheel then stops on that segment.
    const decision = await decideSpin(items)
    if ((decision && 'cancel' in decision) || !view.current) {
      busy.current = false
      setSpinning(false)
      return
    }
    const start = view.current.rotation()
    const full = planItemsSpin(random, items, start, decision ? decision.winnerIndex : undefined)
    const plan = reduced ? reducedMotionPlan(full) : full
    const duration = reduced ? Math.min(REDUCED_MOTION_DURATION, spinDuration) : spinDuration
    const won = items[plan.winnerIndex] as Item
    if (soundEnabled) startSpinSound()
    const turning = view.current.spin(plan, duration)
    // A draw's spin was shown while it waited; any other shows from the wheel's second frame.
    await (asking ? turning : turnThenShow(turning, showSpin))
    stopSpinSound()
    busy.current = false
    setSpinning(false)
    recordWin(won)
    setWinner(won)
    if (soundEnabled) timers.current.push(window.setTimeout(playWinSound, 500))
    if (confettiEnabled) timers.current.push(window.setTimeout(() => void celebrate(), 800))
  }, [view])

  return { spin, spinning, winner, clearWinner: () => setWinner(null) }
}
