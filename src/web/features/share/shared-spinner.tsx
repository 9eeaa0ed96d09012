import { useCallback, useEffect, useRef, useState } from 'react'
import { cryptoRandomSource } from '../../../core/random/random'
import type { Item, Wheel } from '../../../core/wheel/model'
import { REDUCED_MOTION_DURATION, reducedMotionPlan } from '../../../core/wheel/spin'
import { planItemsSpin } from '../../../core/wheel/weighted-spin'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { celebrate, startSpinSound, stopSpinSound } from '../../ui/wheel/celebration'
import { SPIN_BUTTON_CLASS } from '../../ui/wheel/spin-button-class'
import { turnThenShow } from '../../ui/wheel/turn-then-show'
import { useWheelBox } from '../../ui/wheel/wheel-box'
import { WheelView, type WheelViewHandle } from '../../ui/wheel/wheel-view'
import { WinnerBanner } from '../../ui/wheel/winner-banner'

const random = cryptoRandomSource((array) => crypto.getRandomValues(array))
/** An overlay lists at most this many winners, the newest (issue 36: up to 100). */
const LISTED_WINNERS = 100

/**
 * A shared wheel with its Spin button: the wheel page's own view and spin plan (core planSpin, the
 * crypto random source, winner read back from the final angle), so the pointer lands on the
 * announced winner. A shared wheel never changes: every spin picks from all its items. The wheel is as
 * large as the room allows: as wide as the spinner, and as high as the window less `around` px.
 * As an overlay (`overlay`, the embed), the winner shows on a banner in a band under the wheel
 * (.winner-band in styles.css), and once there are several, the winners list in the order drawn;
 * without `controls` there is no Spin button and a click on the wheel, Space or Enter spins it (a stream overlay's host interacts with the source, viewers never see a button).
 */
export function SharedSpinner({
  wheel,
  around,
  overlay = false,
  controls = true,
}: {
  wheel: Wheel
  around: number
  overlay?: boolean
  controls?: boolean
}) {
  const view = useRef<WheelViewHandle>(null)
  const { box, size } = useWheelBox(around)
  const busy = useRef(false)
  const [spinning, setSpinning] = useState(false)
  const [winner, setWinner] = useState<Item | null>(null)
  // As an overlay: the winners of this page's spins in the order drawn (the newest 100) and how many.
  const [winners, setWinners] = useState<{ list: Item[]; drawn: number }>({ list: [], drawn: 0 })
  const { items, settings } = wheel

  useEffect(() => () => stopSpinSound(), [])

  const spin = useCallback(async () => {
    if (busy.current || items.length === 0 || !view.current) return
    busy.current = true
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    const full = planItemsSpin(random, items, view.current.rotation())
    const plan = reduced ? reducedMotionPlan(full) : full
    const duration = reduced
      ? Math.min(REDUCED_MOTION_DURATION, settings.spinDuration)
      : settings.spinDuration
    if (settings.soundEnabled) startSpinSound()
    await turnThenShow(view.current.spin(plan, duration), () => {
      setSpinning(true)
      setWinner(null)
    })
    stopSpinSound()
    busy.current = false
    setSpinning(false)
    const won = items[plan.winnerIndex] as Item
    setWinner(won)
    setWinners(({ list, drawn }) => ({ list: [...list, won].slice(-LISTED_WINNERS), drawn: drawn + 1 }))
    if (settings.confettiEnabled) void celebrate()
  }, [items, settings])

  useEffect(() => {
    if (controls) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'Enter') return
      event.preventDefault()
      void spin()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [controls, spin])

  return (
    <div className={`flex w-full flex-col items-center ${overlay ? 'gap-2' : 'gap-4'}`}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: without controls, Space and Enter spin from anywhere on the page */}
      <div {...box} onClick={controls ? undefined : () => void spin()}>
        {size > 0 && <WheelView ref={view} items={items} size={size} centerImage={wheel.centerImage} />}
      </div>
      {controls && (
        <button type="button" onClick={() => void spin()} disabled={spinning} className={SPIN_BUTTON_CLASS}>
          {spinning ? t('Spinning…') : t('Spin')}
        </button>
      )}
      {overlay ? (
        <div role="status" aria-live="polite" className="winner-band" data-testid="shared-result">
          {winner && (
            <WinnerBanner
              winners={winners.list}
              firstPlace={winners.drawn - winners.list.length + 1}
              textTestId="winner-text"
            />
          )}
        </div>
      ) : (
        <p
          role="status"
          aria-live="polite"
          className="min-h-7 text-center text-lg"
          data-testid="shared-result"
        >
          {winner && (
            <>
              <span
                aria-hidden
                className="me-2 inline-block size-4 rounded-full align-middle ring-1 ring-slate-400"
                style={{ backgroundColor: winner.color }}
              />
              {tx('The winner is <0/>', [
                <strong key="winner" data-testid="winner-text">
                  <bdi>{winner.text}</bdi>
                </strong>,
              ])}
              {winner.image && (
                <img src={winner.image} alt="" className="mx-auto mt-2 block max-h-32 rounded" />
              )}
            </>
          )}
        </p>
      )}
    </div>
  )
}
