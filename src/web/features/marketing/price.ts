import { PREMIUM_PLAN } from '../../../core/plan/definition'
import { money } from '../../i18n/money'

/** Premium's monthly price as the page's language writes an amount in US dollars ("$6.99", "6,99 $US"). */
export function premiumPrice(): string {
  return money(PREMIUM_PLAN.price, PREMIUM_PLAN.currency)
}
