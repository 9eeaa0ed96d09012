import { useEffect, useId, useState } from 'react'
import {
  DEFAULT_LOOK,
  LABEL_FONTS,
  type LabelColor,
  type LabelFont,
  type WheelLook,
} from '../../../core/wheel/look'
import { customThemeProblem, PALETTES, type Palette } from '../../../core/wheel/themes'
import { isolate, t } from '../../i18n/i18n'
import { setCustomThemeSync, useCustomThemes } from '../../state/custom-themes'
import { useProfile } from '../../state/session-store'
import { useWheelStore } from '../../state/wheel-store'
import { Button } from '../../ui/button'
import { typedDirection } from '../../ui/text-input'

const setLook = (changes: Partial<WheelLook>) => useWheelStore.getState().updateLook(changes)
/** Applies a palette: every item recoloured in order, and new items take the next colour. */
const applyTheme = (colors: readonly string[]) => useWheelStore.getState().applyPalette(colors)

/** A palette's name: a built-in one's in the page's language, a custom one's as its user wrote it. */
const paletteName = (palette: Palette) => (PALETTES.includes(palette) ? t(palette.name) : palette.name)

function Swatch({ palette, locked }: { palette: Palette; locked: boolean }) {
  const name = paletteName(palette)
  return (
    <button
      type="button"
      disabled={locked}
      onClick={() => applyTheme(palette.colors)}
      aria-label={t('Apply the {name} palette', { name })}
      className="flex flex-col items-center gap-1 rounded-lg border border-slate-200 p-2 text-xs hover:border-brand-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700"
    >
      <span className="flex h-5 w-full overflow-hidden rounded" aria-hidden>
        {palette.colors.map((c) => (
          <span key={c} className="flex-1" style={{ background: c }} />
        ))}
      </span>
      {name}
    </button>
  )
}

/**
 * The themes panel's content: the palettes (locked for a free user) and, for Premium, label colour
 * and font, the centre dot and custom themes. Loaded when the panel is first shown open.
 */
export default function ThemePanelBody({ premium }: { premium: boolean }) {
  const id = useId()
  const look = useWheelStore((s) => s.currentWheel.look) ?? DEFAULT_LOOK
  const custom = useCustomThemes((s) => s.themes)
  const [name, setName] = useState('')
  const [colors, setColors] = useState<string[]>(['#0ea5e9', '#f43f5e'])
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null)

  // Premium users' custom themes follow them to their other devices.
  const userId = useProfile()?.userId ?? null
  useEffect(() => {
    void setCustomThemeSync(premium ? userId : null)
  }, [premium, userId])
  useEffect(() => () => void setCustomThemeSync(null), [])

  const save = () => {
    const problem = customThemeProblem(name, colors)
    if (problem) return setNote({ text: t(problem), error: true })
    if (!useCustomThemes.getState().add(name, colors))
      return setNote({ text: t('The theme could not be saved in this browser.'), error: true })
    setNote({ text: t('Saved the theme "{name}".', { name: isolate(name.trim()) }), error: false })
    setName('')
  }

  const swatches = (
    <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
      {[...PALETTES, ...custom].map((p) => (
        <Swatch key={p.id} palette={p} locked={!premium} />
      ))}
    </div>
  )

  return (
    <>
      {swatches}
      {premium && (
        <>
          <div className="grid gap-2 sm:grid-cols-3">
            <label className="text-sm">
              {t('Label colour')}
              <select
                className="mt-1 block w-full rounded border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-800"
                value={look.labelColor}
                onChange={(e) => setLook({ labelColor: e.target.value as LabelColor })}
              >
                <option value="auto">{t('Auto')}</option>
                <option value="black">{t('Black')}</option>
                <option value="white">{t('White')}</option>
              </select>
            </label>
            <label className="text-sm">
              {t('Label font')}
              <select
                className="mt-1 block w-full rounded border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-800"
                value={look.labelFont}
                onChange={(e) => setLook({ labelFont: e.target.value as LabelFont })}
              >
                {Object.entries(LABEL_FONTS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              {t('Centre dot colour')}
              <input
                type="color"
                className="mt-1 block h-8 w-full"
                value={look.centerColor}
                onChange={(e) => setLook({ centerColor: e.target.value })}
              />
            </label>
          </div>
          <div className="space-y-2">
            <p className="text-sm font-semibold">{t('Custom theme')}</p>
            <label htmlFor={`${id}-name`} className="block text-sm">
              {t('Theme name')}
            </label>
            <input
              id={`${id}-name`}
              dir={typedDirection(name)}
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              className="w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
            />
            <div className="flex flex-wrap items-center gap-2">
              {colors.map((c, i) => (
                <input
                  // biome-ignore lint/suspicious/noArrayIndexKey: the colours are positions in the theme
                  key={i}
                  type="color"
                  value={c}
                  aria-label={t('Theme colour {number}', { number: i + 1 })}
                  onChange={(e) => setColors(colors.map((old, k) => (k === i ? e.target.value : old)))}
                  className="size-8"
                />
              ))}
              <Button
                variant="outline"
                size="sm"
                disabled={colors.length >= 12}
                onClick={() => setColors([...colors, '#22c55e'])}
              >
                {t('Add colour')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={colors.length <= 2}
                onClick={() => setColors(colors.slice(0, -1))}
              >
                {t('Remove colour')}
              </Button>
            </div>
            <Button size="sm" onClick={save}>
              {t('Save theme')}
            </Button>
            {note && (
              <p
                role={note.error ? 'alert' : 'status'}
                className={`text-sm ${note.error ? 'text-red-700 dark:text-red-300' : ''}`}
              >
                {note.text}
              </p>
            )}
          </div>
        </>
      )}
    </>
  )
}
