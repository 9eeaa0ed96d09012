import { Maximize, Minimize, PartyPopper, Volume2, VolumeX } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import type { Item, Wheel, WheelSettings } from '../../../core/wheel/model'
import { chances, isWeighted } from '../../../core/wheel/weights'
import { numberFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { useSpinGate } from '../../state/draw-spin'
import { useWheelStore } from '../../state/wheel-store'
import { useOnFirstInput } from '../../ui/use-first-input'
import { SPIN_BUTTON_CLASS } from '../../ui/wheel/spin-button-class'
import { TICKER_PX } from '../../ui/wheel/ticker'
import { useWheelBox } from '../../ui/wheel/wheel-box'
import { WheelView, type WheelViewHandle } from '../../ui/wheel/wheel-view'
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

const toggleClass = (on: boolean) =>
  `inline-flex size-10 items-center justify-center rounded-full border ${
    on
      ? 'border-brand-500 bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100'
      : 'border-slate-300 text-slate-500 dark:border-slate-600'
  }`

/** Left panel: sound and confetti toggles, the wheel, the Spin button and the stats. */
export function SpinPanel({ wheel, slots = {} }: { wheel: Wheel; slots?: SpinPanelSlots }) {
  const view = useRef<WheelViewHandle>(null)
  const { spin, spinning, winner, clearWinner } = useSpin(view)
  useOnFirstInput(loadWinnerModal)
  useEffect(() => {
    if (spinning) void loadWinnerModal()
  }, [spinning])
  const waiting = useSpinGate((s) => s.waiting)
  const updateSettings = useWheelStore((s) => s.updateSettings)
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
      <div className="flex gap-2 self-stretch justify-center">
        <button
          type="button"
          className={toggleClass(settings.soundEnabled)}
          aria-pressed={settings.soundEnabled}
          aria-label={t('Sound')}
          title={settings.soundEnabled ? t('Sound on') : t('Sound off')}
          onClick={() => updateSettings({ soundEnabled: !settings.soundEnabled })}
        >
          {settings.soundEnabled ? (
            <Volume2 aria-hidden className="size-5" />
          ) : (
            <VolumeX aria-hidden className="size-5" />
          )}
        </button>
        <button
          type="button"
          className={toggleClass(settings.confettiEnabled)}
          aria-pressed={settings.confettiEnabled}
          aria-label={t('Confetti')}
          title={settings.confettiEnabled ? t('Confetti on') : t('Confetti off')}
          onClick={() => updateSettings({ confettiEnabled: !settings.confettiEnabled })}
        >
          <PartyPopper aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          className={toggleClass(full.on)}
          aria-label={full.on ? t('Exit full screen') : t('Full screen')}
          title={full.on ? t('Exit full screen (Esc)') : t('Full screen')}
          onClick={() => (full.on ? full.exit() : void full.enter())}
        >
          {full.on ? (
            <Minimize aria-hidden className="size-5" />
          ) : (
            <Maximize aria-hidden className="size-5" />
          )}
        </button>
      </div>

      <div {...box}>
        {size === 0 ? null : count > 0 ? (
          <div data-testid="wheel-stage">
            <WheelView
              ref={view}
              items={items}
              size={size}
              look={wheel.look}
              centerImage={wheel.centerImage}
              // Clicking the wheel spins, as on other wheel sites; so do Space and Enter when it has
              // focus. The circle is the button, and the ticker above it is not part of it.
              surface={{
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
              }}
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
      <p className="hidden text-xs text-slate-500 pointer-fine:block dark:text-slate-400">
        {tx('Tip: press <0>Ctrl</0> + <1>Enter</1> to spin', [
          <kbd key="ctrl" className="rounded border px-1" />,
          <kbd key="enter" className="rounded border px-1" />,
        ])}
      </p>

      <dl
        className={full.on ? 'hidden' : 'grid w-full max-w-sm grid-cols-2 gap-2 text-sm'}
        aria-label={t('Wheel stats')}
      >
        <Stat label={t('Items')} value={number(count)} />
        <ChanceStat items={items} />
        <Stat
          label={t('Spin time')}
          value={t('{seconds}s', { seconds: tenths(settings.spinDuration / 1000) })}
        />
        <Stat label={t('Wheel size')} value={t('{size}px', { size: number(size) })} />
      </dl>

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

const number = (n: number) => numberFormat().format(n)
/** A number with one decimal ("3.0"), in the page's language. */
const tenths = (n: number) => numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n)

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-white p-2 text-center shadow-sm dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  )
}

/** What stays in view above and below the wheel on the page (header, title, toggles, Spin). */
const AROUND_PX = 300 + TICKER_PX
/** The same in full screen: the toggles, Spin and the keyboard hint. */
const FULL_AROUND_PX = 200 + TICKER_PX

/**
 * The Chance stat: "100 divided by the item count" for an unweighted wheel; on a weighted wheel,
 * the range of the items' own chances (each item's chance is in the list).
 */
function ChanceStat({ items }: { items: Item[] }) {
  if (items.length === 0 || !isWeighted(items))
    return (
      <Stat
        label={t('Chance each')}
        value={items.length ? t('{chance}%', { chance: tenths(100 / items.length) }) : '—'}
      />
    )
  const all = chances(items)
  const low = tenths(Math.min(...all))
  const high = tenths(Math.max(...all))
  return <Stat label={t('Chance by weight')} value={t('{low}–{high}%', { low, high })} />
}
