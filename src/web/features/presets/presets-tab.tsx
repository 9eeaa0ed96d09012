import { useDeferredValue, useEffect, useId, useState } from 'react'
import type { Preset, PresetCategory } from '../../../core/presets/preset'
import { CATEGORY_NAMES, PRESET_CATEGORIES } from '../../../core/presets/preset'
import { isolate, t } from '../../i18n/i18n'
import { useWheelStore } from '../../state/wheel-store'
import { MiniPie } from '../../ui/mini-pie'
import { SearchField } from '../../ui/search-field'
import { Select } from '../../ui/text-input'

type Catalogue = typeof import('../../../core/presets/catalogue')

/** The preset library: search, a category filter and cards that load a preset into the wheel. */
export function PresetsTab() {
  const id = useId()
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null)
  const [failed, setFailed] = useState(false)
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<PresetCategory | 'All'>('All')
  const [loaded, setLoaded] = useState<string | null>(null)
  const deferredQuery = useDeferredValue(query)

  // The catalogue is its own chunk: the wheel page does not download it until this tab opens.
  useEffect(() => {
    let live = true
    import('../../../core/presets/catalogue').then(
      (module) => live && setCatalogue(module),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [])

  const load = (preset: Preset) => {
    useWheelStore.getState().loadPreset(preset)
    setLoaded(preset.name)
  }

  const results = catalogue ? catalogue.searchPresets(catalogue.PRESETS, deferredQuery, category) : []
  return (
    <div className="space-y-4">
      <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <SearchField
          label={t('Search presets')}
          value={query}
          onChange={setQuery}
          placeholder={t('Search presets...')}
        />
        <label htmlFor={`${id}-category`} className="sr-only">
          {t('Category')}
        </label>
        <Select
          id={`${id}-category`}
          value={category}
          onChange={(e) => setCategory(e.target.value as PresetCategory | 'All')}
          className="w-full text-sm"
        >
          <option value="All">{t('All')}</option>
          {PRESET_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(CATEGORY_NAMES[c])}
            </option>
          ))}
        </Select>
      </div>
      <p role="status" className={loaded ? 'text-sm text-emerald-700 dark:text-emerald-300' : 'sr-only'}>
        {loaded && t('Loaded “{name}”. Spin away, or edit it in Customize.', { name: isolate(loaded) })}
      </p>
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('The presets could not be loaded. Check your connection and open this tab again.')}
        </p>
      ) : !catalogue ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-busy="true">
          {t('Loading presets...')}
        </p>
      ) : results.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('No presets found matching your criteria.')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('Presets')}>
          {results.map((preset) => (
            <li key={preset.id}>
              <button
                type="button"
                onClick={() => load(preset)}
                className="flex h-full w-full items-start gap-3 rounded-xl border border-slate-200 p-3 text-start hover:border-brand-500 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <MiniPie colors={preset.items.map((i) => i.color)} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">
                    <bdi>{preset.name}</bdi>
                  </span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    {preset.description}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
                    <span>{t(CATEGORY_NAMES[preset.category])}</span>
                    <span>
                      {t('{count, plural, one {# item} other {# items}}', { count: preset.items.length })}
                    </span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
