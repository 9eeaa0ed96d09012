import { msg } from '../../../core/i18n/message-id'
import type { Faq } from '../../ui/faq-accordion'

/**
 * The plans page's three questions. Whirl takes payment through PayPal, so the last answer says
 * that rather than the spec's "all major cards".
 */
export const PLAN_FAQ: Faq[] = [
  {
    q: msg('Can I cancel anytime?'),
    a: msg(
      'Yes. Cancel from your profile page whenever you like. Premium stays on until the end of the month you have paid for, and it does not renew after that.',
    ),
  },
  {
    q: msg('Is there a free trial?'),
    a: msg(
      'Yes: a 7-day free trial for paid plans. Your first Premium subscription starts with 7 free days, then costs $6.99 a month. It is one trial per account, for an account whose email address is verified; a later subscription is paid from the first day. We email you 2 days before the trial ends, and if you cancel during the trial nothing is charged and Premium stays until the trial ends.',
    ),
  },
  {
    q: msg('What payment methods do you accept?'),
    a: msg(
      'We take payment through PayPal: pay from your PayPal balance or bank account, or with a debit or credit card through PayPal’s checkout.',
    ),
  },
]
