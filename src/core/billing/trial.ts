import { z } from 'zod/mini'
import { english } from '../i18n/english'
import { msg } from '../i18n/message-id'
import { PREMIUM_PLAN } from '../plan/definition'

/** The free trial of an account's first Premium subscription. */
export const TRIAL_DAYS = 7
/** The reminder mail goes out this many days before the trial ends. */
export const TRIAL_REMINDER_DAYS = 2
const DAY_MS = 86_400_000

/** The trial offer: its message, shown with `days` (TRIAL_DAYS) and `price` ("$6.99"), and its English. */
export const TRIAL_OFFER_MESSAGE = msg('{days}-day free trial, then {price}/month')
export const TRIAL_OFFER = english(TRIAL_OFFER_MESSAGE, { days: TRIAL_DAYS, price: `$${PREMIUM_PLAN.price}` })

/** GET /api/billing/trial: whether the user can still start a trial, and the trial under way. */
export const trialStatusSchema = z.object({
  eligible: z.boolean(),
  /** The account's one trial is gone (reserved by a subscription, or run): later ones pay at once. */
  used: z.boolean(),
  /** Not eligible only because the email address is not confirmed yet: one click in its mail unlocks it. */
  needsVerification: z.optional(z.boolean()),
  trial: z.nullable(
    z.object({
      endsAt: z.string(),
      /** When the first $6.99 is taken: the trial's end, unless the subscription was cancelled. */
      firstPaymentAt: z.nullable(z.string()),
      amount: z.string(),
      currency: z.string(),
    }),
  ),
})
export type TrialStatus = z.infer<typeof trialStatusSchema>

/** The end of a trial that starts at `start`. */
export const trialEnd = (start: Date): Date => new Date(start.getTime() + TRIAL_DAYS * DAY_MS)

/** A date as the mails and pages say it: "Monday, November 30, 2026" (UTC). */
export const longDate = (iso: string | Date): string =>
  new Date(iso).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** The trial's conditions, in one line, wherever the trial is offered. */
export const TRIAL_CONDITIONS = msg('For new accounts, one per account, with a confirmed email address.')

/** The trial's messages with values (`price` "$6.99", `date` a long date), and their English. */
export const TRIAL_USED = msg('Your free trial has been used: Premium starts at {price} a month today.')
export const TRIAL_CANCELLED_IN_TRIAL = msg(
  'Your subscription is cancelled during the free trial: nothing is charged, and Premium stays until the trial ends on {date}.',
)

export const TRIAL_MESSAGES = {
  used: english(TRIAL_USED, { price: `$${PREMIUM_PLAN.price}` }),
  cancelledInTrial: (endsAt: string) => english(TRIAL_CANCELLED_IN_TRIAL, { date: longDate(endsAt) }),
} as const
