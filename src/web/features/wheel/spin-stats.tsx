import { memo } from 'react'
import type { Item } from '../../../core/wheel/model'
import { chances, isWeighted } from '../../../core/wheel/weights'
import { numberFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'

const number = (n: number) => numberFormat().format(n)
/** A number with one decimal ("3.0"), in the page's language. */
const tenths = (n: number) => numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n)

/**
 * The wheel's stats below Spin: items, chance, spin time and the drawn size. A memo: a spin's start
 * and end render the panel around them, and formatting these numbers and plurals again was a third
 * of that render, in the wheel's first turning frames (decision 0065).
 */
export const SpinStats = memo(function SpinStats({
  items,
  spinDuration,
  size,
  hidden,
}: {
  items: Item[]
  spinDuration: number
  size: number
  hidden: boolean
}) {
  return (
    <dl
      className={hidden ? 'hidden' : 'grid w-full max-w-sm grid-cols-2 gap-2 text-sm'}
      aria-label={t('Wheel stats')}
    >
      <Stat label={t('Items')} value={number(items.length)} />
      <ChanceStat items={items} />
      <Stat label={t('Spin time')} value={t('{seconds}s', { seconds: tenths(spinDuration / 1000) })} />
      <Stat label={t('Wheel size')} value={t('{size}px', { size: number(size) })} />
    </dl>
  )
})

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-white p-2 text-center shadow-sm dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  )
}

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
