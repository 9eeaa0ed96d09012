import { Maximize, Minimize, PartyPopper, Volume2, VolumeX } from 'lucide-react'
import { memo, type ReactNode } from 'react'
import { t } from '../../i18n/i18n'
import { useWheelStore } from '../../state/wheel-store'

const toggleClass = (on: boolean) =>
  `inline-flex size-10 items-center justify-center rounded-full border ${
    on
      ? 'border-brand-500 bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100'
      : 'border-slate-300 text-slate-500 dark:border-slate-600'
  }`

/** Sound, confetti and full screen, above the wheel. A memo: a spin's start does not change them. */
export const SpinToggles = memo(function SpinToggles({
  sound,
  confetti,
  full,
  enterFull,
  exitFull,
}: {
  sound: boolean
  confetti: boolean
  full: boolean
  enterFull: () => Promise<void>
  exitFull: () => void
}) {
  const updateSettings = useWheelStore((s) => s.updateSettings)
  return (
    <div className="flex gap-2 self-stretch justify-center">
      <Toggle
        on={sound}
        label={t('Sound')}
        title={sound ? t('Sound on') : t('Sound off')}
        onClick={() => updateSettings({ soundEnabled: !sound })}
      >
        {sound ? <Volume2 aria-hidden className="size-5" /> : <VolumeX aria-hidden className="size-5" />}
      </Toggle>
      <Toggle
        on={confetti}
        label={t('Confetti')}
        title={confetti ? t('Confetti on') : t('Confetti off')}
        onClick={() => updateSettings({ confettiEnabled: !confetti })}
      >
        <PartyPopper aria-hidden className="size-5" />
      </Toggle>
      <Toggle
        on={full}
        pressed={false}
        label={full ? t('Exit full screen') : t('Full screen')}
        title={full ? t('Exit full screen (Esc)') : t('Full screen')}
        onClick={() => (full ? exitFull() : void enterFull())}
      >
        {full ? <Minimize aria-hidden className="size-5" /> : <Maximize aria-hidden className="size-5" />}
      </Toggle>
    </div>
  )
})

/** A round button that shows whether its setting is on (`pressed: false`: a button that only looks it). */
function Toggle({
  on,
  pressed = true,
  label,
  title,
  onClick,
  children,
}: {
  on: boolean
  pressed?: boolean
  label: string
  title: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={toggleClass(on)}
      aria-pressed={pressed ? on : undefined}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  )
}
