import { lazy, type ReactNode, Suspense } from 'react'
import { msg } from '../../../core/i18n/message-id'
import {
  clampToRange,
  MODE_DESCRIPTIONS,
  SPIN_DURATION,
  WHEEL_MODES,
  WHEEL_SIZE,
  type WheelMode,
  type WheelSettings,
} from '../../../core/wheel/model'
import { numberFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { useWheelStore } from '../../state/wheel-store'
import { buttonClass } from '../../ui/button-class'
import { PremiumBadge } from '../../ui/premium-badge'
import { Select } from '../../ui/text-input'

// Loaded when the panel is first opened: not in the wheel page's first load.
const PictureButton = lazy(() => import('./picture-button').then((m) => ({ default: m.PictureButton })))

const MODE_LABELS: Record<WheelMode, string> = {
  normal: msg('Normal'),
  elimination: msg('Elimination'),
  accumulation: msg('Accumulation'),
}

const seconds = (ms: number) =>
  numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000)

/** The Settings panel's content, loaded when the panel is first opened (decision 0054). */
export default function SettingsBody({
  id,
  settings,
  premium,
}: {
  id: string
  settings: WheelSettings
  premium: boolean
}) {
  const update = useWheelStore((s) => s.updateSettings)
  const globals = useWheelStore((s) => s.settings)
  const updateGlobals = useWheelStore((s) => s.updateGlobalSettings)
  const resetTally = useWheelStore((s) => s.resetTally)
  const centerImage = useWheelStore((s) => s.currentWheel.centerImage)
  const updateWheel = useWheelStore((s) => s.updateWheel)

  return (
    <div id={id} className="space-y-4 border-t border-slate-200 p-3 text-sm dark:border-slate-800">
      <label className="block">
        <span className="flex justify-between font-medium">
          {t('Spin duration')}{' '}
          <output>{t('{seconds} s', { seconds: seconds(settings.spinDuration) })}</output>
        </span>
        <input
          type="range"
          min={SPIN_DURATION.min}
          max={SPIN_DURATION.max}
          step={SPIN_DURATION.step}
          aria-label={t('Spin duration')}
          aria-valuetext={t('{seconds} seconds', { seconds: seconds(settings.spinDuration) })}
          value={settings.spinDuration}
          onChange={(e) => update({ spinDuration: clampToRange(Number(e.target.value), SPIN_DURATION) })}
          className="mt-1 w-full accent-brand-600"
        />
      </label>
      <label className="block">
        <span className="flex justify-between font-medium">
          {t('Wheel size')} <output>{t('{size} px', { size: settings.wheelSize })}</output>
        </span>
        <input
          type="range"
          min={WHEEL_SIZE.min}
          max={WHEEL_SIZE.max}
          step={WHEEL_SIZE.step}
          aria-label={t('Wheel size')}
          aria-valuetext={t('{size} pixels', { size: settings.wheelSize })}
          value={settings.wheelSize}
          onChange={(e) => update({ wheelSize: clampToRange(Number(e.target.value), WHEEL_SIZE) })}
          className="mt-1 w-full accent-brand-600"
        />
      </label>
      <div>
        <label className="block font-medium" htmlFor={`${id}-mode`}>
          {t('Mode')}
        </label>
        <div className="mt-1 flex gap-2">
          <Select
            id={`${id}-mode`}
            value={settings.mode}
            onChange={(e) => update({ mode: e.target.value as WheelMode })}
            className="flex-1"
          >
            {WHEEL_MODES.map((m) => (
              <option key={m} value={m}>
                {t(MODE_LABELS[m])}
              </option>
            ))}
          </Select>
          {settings.mode === 'accumulation' && (
            <button type="button" onClick={resetTally} className={buttonClass('outline', 'sm')}>
              {t('Reset tally')}
            </button>
          )}
        </div>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t(MODE_DESCRIPTIONS[settings.mode])}</p>
      </div>
      <Toggle checked={settings.soundEnabled} onChange={(on) => update({ soundEnabled: on })}>
        {t('Sound')}
      </Toggle>
      <Toggle checked={settings.confettiEnabled} onChange={(on) => update({ confettiEnabled: on })}>
        {t('Confetti')}
      </Toggle>
      <div className="flex items-center gap-2">
        <Suspense fallback={<span className="size-9 shrink-0" />}>
          <PictureButton
            label={t('Centre picture')}
            title={t('Centre picture')}
            image={centerImage}
            onChange={(image) => updateWheel({ centerImage: image })}
          />
        </Suspense>
        <span aria-hidden>{t('Centre picture')}</span>
      </div>
      <fieldset className="min-w-0 space-y-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        <legend className="sr-only">{t('For every wheel')}</legend>
        <p aria-hidden className="font-medium">
          {t('For every wheel')}
        </p>
        <Toggle checked={globals.soundEnabled} onChange={(on) => updateGlobals({ soundEnabled: on })}>
          {t('Sound on for new wheels')}
        </Toggle>
        <Toggle checked={globals.confettiEnabled} onChange={(on) => updateGlobals({ confettiEnabled: on })}>
          {t('Confetti on for new wheels')}
        </Toggle>
        <div className="flex flex-wrap items-center gap-2">
          <Toggle
            checked={premium && globals.autoSave}
            disabled={!premium}
            onChange={(on) => updateGlobals({ autoSave: on })}
          >
            {t('Auto-save a saved wheel a second after each change')}
          </Toggle>
          {!premium && <PremiumBadge unlocks="auto-save" />}
        </div>
      </fieldset>
    </div>
  )
}

/** A checkbox with its label, as every switch of this panel is. */
function Toggle({
  checked,
  disabled,
  onChange,
  children,
}: {
  checked: boolean
  disabled?: boolean
  onChange(on: boolean): void
  children: ReactNode
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-brand-600 disabled:cursor-not-allowed"
      />
      {children}
    </label>
  )
}
