import { PartyPopper, Volume2, VolumeX } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { Wheel } from '../../../core/wheel/model'
import { useSpin } from './use-spin'
import { useWheelStore } from './wheel-store'
import { WheelView, type WheelViewHandle } from './wheel-view'
import { WinnerModal } from './winner-modal'

const toggleClass = (on: boolean) =>
  `inline-flex size-10 items-center justify-center rounded-full border ${
    on
      ? 'border-brand-500 bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100'
      : 'border-slate-300 text-slate-500 dark:border-slate-600'
  }`

/** Left panel: sound and confetti toggles, the wheel, the Spin button and the stats. */
export function SpinPanel({ wheel }: { wheel: Wheel }) {
  const view = useRef<WheelViewHandle>(null)
  const { spin, spinning, winner, clearWinner } = useSpin(view)
  const updateSettings = useWheelStore((s) => s.updateSettings)
  const removeWinner = useWheelStore((s) => s.removeWinner)
  const [announcement, setAnnouncement] = useState('')
  const { items, settings } = wheel
  const count = items.length
  const size = useFittedSize(settings.wheelSize)

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

  useEffect(() => {
    if (winner) setAnnouncement(`The winner is ${winner.text}`)
    else if (spinning) setAnnouncement('Spinning…')
  }, [winner, spinning])

  const close = () => {
    if (winner && settings.mode === 'elimination') removeWinner(winner)
    clearWinner()
  }

  return (
    <section aria-label="Wheel" className="flex flex-col items-center gap-4 overflow-x-clip">
      <div className="flex gap-2 self-stretch justify-center">
        <button
          type="button"
          className={toggleClass(settings.soundEnabled)}
          aria-pressed={settings.soundEnabled}
          aria-label="Sound"
          title={settings.soundEnabled ? 'Sound on' : 'Sound off'}
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
          aria-label="Confetti"
          title={settings.confettiEnabled ? 'Confetti on' : 'Confetti off'}
          onClick={() => updateSettings({ confettiEnabled: !settings.confettiEnabled })}
        >
          <PartyPopper aria-hidden className="size-5" />
        </button>
      </div>

      {count > 0 ? (
        <WheelView ref={view} items={items} size={size} />
      ) : (
        <div
          className="flex items-center justify-center rounded-full border-4 border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400"
          style={{ width: size, height: size }}
        >
          Add some items to your wheel to start spinning!
        </div>
      )}

      <button
        type="button"
        onClick={() => void spin()}
        disabled={spinning || count === 0}
        className="w-full max-w-xs rounded-xl bg-brand-600 px-6 py-3 text-lg font-bold text-white shadow-lg hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {spinning ? 'Spinning…' : 'Spin'}
      </button>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Tip: press <kbd className="rounded border px-1">Ctrl</kbd> +{' '}
        <kbd className="rounded border px-1">Enter</kbd> to spin
      </p>

      <dl className="grid w-full max-w-sm grid-cols-2 gap-2 text-sm" aria-label="Wheel stats">
        <Stat label="Items" value={String(count)} />
        <Stat label="Chance each" value={count ? `${(100 / count).toFixed(1)}%` : '—'} />
        <Stat label="Spin time" value={`${(settings.spinDuration / 1000).toFixed(1)}s`} />
        <Stat label="Wheel size" value={`${settings.wheelSize}px`} />
      </dl>

      <p aria-live="polite" className="sr-only" data-testid="announcer">
        {announcement}
      </p>
      {winner && (
        <WinnerModal
          winner={winner}
          onClose={close}
          onRemove={() => {
            removeWinner(winner)
            clearWinner()
          }}
        />
      )}
    </section>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-white p-2 text-center shadow-sm dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  )
}

/** The wheel's size from the settings, but never wider than the screen. */
function useFittedSize(wanted: number): number {
  const [width, setWidth] = useState(() => window.innerWidth)
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return Math.max(160, Math.min(wanted, width - 48))
}
