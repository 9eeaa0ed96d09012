import { lazy, memo, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import type { Item, Wheel, WheelSettings } from '../../../core/wheel/model'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { useSpinGate } from '../../state/draw-spin'
import { useWheelStore } from '../../state/wheel-store'
import { useOnFirstInput } from '../../ui/use-first-input'
import { SPIN_BUTTON_CLASS } from '../../ui/wheel/spin-button-class'
import { TICKER_PX } from '../../ui/wheel/ticker'
import { useWheelBox } from '../../ui/wheel/wheel-box'
import { type WheelSurface, WheelView, type WheelViewHandle } from '../../ui/wheel/wheel-view'
import { SpinStats } from './spin-stats'
import { SpinToggles } from './spin-toggles'
import { useFullScreen } from './use-full-screen'
import { useSpin } from './use-spin'

// The winner dialog is not in the wheel page's first load. It loads at the user's first sign of life
// on the page (a pointer moving towards Spin, a key): loaded as the first spin started, its code
// arrived while the wheel turned and cost that spin a frame (at 10,000 items, 4 first spins of 4
// dropped one, 1 of 4 with the dialog loaded before). A spin started with no input first (by a
// script, or a test's click) still loads it as it starts.
const loadWinnerModal = () => import('./winner-modal')
const WinnerModal = lazy(() => loadWinnerModal().then((m) => ({ default: m.WinnerModal })))

/** What the page may add around the spin (verifiable draws): below the button, and in the winner modal. */
export type SpinPanelSlots = {
  belowSpin?: (wheel: { name: string; items: Item[]; mode: WheelSettings['mode'] }) => ReactNode
  inWinnerModal?: ReactNode
}

/** Left panel: sound and confetti toggles, the wheel, the Spin button and the stats. */
export function SpinPanel({ wheel, slots = {} }: { wheel: Wheel; slots?: SpinPanelSlots }) {
  const view = useRef<WheelViewHandle>(null)
  const { spin, spinning, winner, clearWinner } = useSpin(view)
  useOnFirstInput(loadWinnerModal)
  useEffect(() => {
    if (spinning) void loadWinnerModal()
  }, [spinning])
  const waiting = useSpinGate((s) => s.waiting)
  const removeWinner = useWheelStore((s) => s.removeWinner)
  const [announcement, setAnnouncement] = useState('')
  const { items, settings } = wheel
  const count = items.length
  const sectionRef = useRef<HTMLElement>(null)
  const full = useFullScreen(sectionRef, spin)
  // The size setting where there is room for it; in full screen, as large as the screen allows.
  const { box, size } = useWheelBox(
    full.on ? FULL_AROUND_PX : AROUND_PX,
    full.on ? undefined : settings.wheelSize,
  )

  // Clicking the wheel spins, as on other wheel sites; so do Space and Enter when it has focus. The
  // circle is the button, and the ticker above it is not part of it. The same object from render
  // to render while nothing in it changes: the wheel is a memo, and a spin's start leaves it alone.
  const surface = useMemo<WheelSurface>(
    () => ({
      role: 'button',
      tabIndex: 0,
      'aria-label': t('Spin the wheel'),
      'aria-disabled': waiting !== null || undefined,
      className: `rounded-full ${waiting === null ? 'cursor-pointer' : 'cursor-wait'}`,
      onClick: () => void spin(),
      onKeyDown: (e) => {
        if (e.key === ' ' || e.key === 'Enter') {
          e.preventDefault()
          void spin()
        }
      },
    }),
    [waiting, spin],
  )

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault()
        void spin()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [spin])

  // Worked out in the render that starts or ends the spin, not in an effect after it: a second
  // commit in the spin's first frames made the browser paint and raster twice just as the
  // wheel starts to turn (decision 0019, seventh pass). The last announcement stays after a close.
  const live = winner
    ? t('The winner is {winner}', { winner: winner.text })
    : spinning
      ? t('Spinning…')
      : null
  if (live !== null && live !== announcement) setAnnouncement(live)

  const close = () => {
    if (winner && settings.mode === 'elimination') removeWinner(winner)
    clearWinner()
  }

  return (
    <section
      ref={sectionRef}
      aria-label={t('Wheel')}
      tabIndex={full.on ? -1 : undefined}
      className={
        full.on
          ? 'fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 overflow-hidden bg-slate-50 p-4 outline-none dark:bg-slate-950'
          : 'flex flex-col items-center gap-4 overflow-x-clip'
      }
      data-testid="spin-panel"
    >
      <SpinToggles
        sound={settings.soundEnabled}
        confetti={settings.confettiEnabled}
        full={full.on}
        enterFull={full.enter}
        exitFull={full.exit}
      />

      <div {...box}>
        {size === 0 ? null : count > 0 ? (
          <div data-testid="wheel-stage">
            <WheelView
              ref={view}
              items={items}
              size={size}
              look={wheel.look}
              centerImage={wheel.centerImage}
              surface={surface}
            />
          </div>
        ) : (
          <div
            className="flex items-center justify-center rounded-full border-4 border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400"
            style={{ width: size, height: size }}
          >
            {t('Add some items to your wheel to start spinning!')}
          </div>
        )}
      </div>

      <button
        type="button"
        onClick={() => void spin()}
        disabled={spinning || count === 0 || waiting !== null}
        className={SPIN_BUTTON_CLASS}
      >
        {spinning ? t('Spinning…') : waiting !== null ? t(waiting) : t('Spin')}
      </button>
      {!full.on && slots.belowSpin?.({ name: wheel.name, items, mode: settings.mode })}
      <SpinTip />

      <SpinStats items={items} spinDuration={settings.spinDuration} size={size} hidden={full.on} />

      <p aria-live="polite" className="sr-only" data-testid="announcer">
        {announcement}
      </p>
      {winner && (
        <Suspense fallback={null}>
          <WinnerModal
            winner={winner}
            extra={slots.inWinnerModal}
            onClose={close}
            onRemove={() => {
              removeWinner(winner)
              clearWinner()
            }}
          />
        </Suspense>
      )}
    </section>
  )
}

/** What stays in view above and below the wheel on the page (header, title, toggles, Spin). */
const AROUND_PX = 300 + TICKER_PX
/** The same in full screen: the toggles, Spin and the keyboard hint. */
const FULL_AROUND_PX = 200 + TICKER_PX

/** The keyboard hint, for a fine pointer. A memo: it never changes. */
const SpinTip = memo(function SpinTip() {
  return (
    <p className="hidden text-xs text-slate-500 pointer-fine:block dark:text-slate-400">
      {tx('Tip: press <0>Ctrl</0> + <1>Enter</1> to spin', [
        <kbd key="ctrl" className="rounded border px-1" />,
        <kbd key="enter" className="rounded border px-1" />,
      ])}
    </p>
  )
})
