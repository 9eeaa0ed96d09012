import { PREMIUM_PLAN } from '../../../core/plan/definition'
import { intlLocale } from '../../i18n/i18n'

/** Premium's monthly price as the page's language writes an amount in US dollars ("$6.99", "6,99 $US"). */
export function premiumPrice(): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: PREMIUM_PLAN.currency }).format(
    Number(PREMIUM_PLAN.price),
  )
}
