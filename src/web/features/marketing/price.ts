import { PREMIUM_PLAN } from '../../../core/plan/definition'
import { numberFormat } from '../../i18n/formats'

/** Premium's monthly price as the page's language writes an amount in US dollars ("$6.99", "6,99 $US"). */
export function premiumPrice(): string {
  return numberFormat({ style: 'currency', currency: PREMIUM_PLAN.currency }).format(
    Number(PREMIUM_PLAN.price),
  )
}
