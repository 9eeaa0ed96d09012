import { Check, X } from 'lucide-react'
import { PLAN_FEATURES } from '../../../core/plan/features'
import { t } from '../../i18n/i18n'
import { limitText } from './plan-texts'

function Cell({ value }: { value: boolean | string }) {
  if (typeof value === 'string') return <span className="font-medium">{value}</span>
  return value ? (
    <>
      <Check aria-hidden className="mx-auto size-5 text-emerald-600 dark:text-emerald-400" />
      <span className="sr-only">{t('Included')}</span>
    </>
  ) : (
    <>
      <X aria-hidden className="mx-auto size-5 text-slate-400 dark:text-slate-500" />
      <span className="sr-only">{t('Not included')}</span>
    </>
  )
}

/** Free vs Premium, feature by feature. */
export function ComparisonTable() {
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t('Free and Premium plans compared')}</caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('Feature')}
            </th>
            <th scope="col" className="px-4 py-3 text-center font-semibold">
              {t('Free')}
            </th>
            <th scope="col" className="px-4 py-3 text-center font-semibold">
              {t('Premium')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {PLAN_FEATURES.map((row) => (
            <tr key={row.name}>
              <th scope="row" className="px-4 py-3 font-normal">
                {t(row.name)}
              </th>
              <td className="px-4 py-3 text-center">
                <Cell value={limitText(row, 'free')} />
              </td>
              <td className="px-4 py-3 text-center">
                <Cell value={limitText(row, 'premium')} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
