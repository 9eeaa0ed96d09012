import { longDate, TRIAL_DAYS } from '../../core/billing/trial'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import { type ComposedMail, composeMail } from '../mail/compose'

/** The billing mails, each told by one event (billing/mail-events.ts decides when). */
export type BillingMail =
  | {
      kind: 'welcome'
      subscriptionId: string
      startedAt: Date
      /** The trial's end (the first payment), null without a trial. */
      trialEndsAt: Date | null
      /** A subscription made before the paid period of a cancelled one ended: its first payment then. */
      deferredTo: Date | null
      nextPaymentAt: Date | null
    }
  | { kind: 'trial-ending'; subscriptionId: string; endsAt: Date }
  | { kind: 'renewal-received'; subscriptionId: string; paidAt: Date; nextPaymentAt: Date | null }
  | { kind: 'renewal-failed'; subscriptionId: string; dueAt: Date; premiumUntil: Date }
  | { kind: 'cancelled'; subscriptionId: string; endsAt: Date }
  | { kind: 'plan-ended'; endedAt: Date }

export type BillingMailKind = BillingMail['kind']

export const MAIL_TEST_NOTICE =
  'TEST MODE: this payment was simulated by the built-in sandbox. No money was charged.'

const PRICE = `$${PREMIUM_PLAN.price} ${PREMIUM_PLAN.currency}`
const HOW_TO_CANCEL =
  'You can cancel any time: open your profile and choose Cancel Subscription. Premium then stays until the end of the period you paid for.'

/** The words of one billing mail, for `name` at `publicUrl`. */
export function billingMailContent(
  mail: BillingMail,
  ctx: { name: string; publicUrl: string; testMode: boolean },
): ComposedMail {
  const base = { name: ctx.name, notice: ctx.testMode ? MAIL_TEST_NOTICE : undefined }
  const profile = { label: 'Your profile', url: `${ctx.publicUrl}/profile` }
  const plans = { label: 'Subscription plans', url: `${ctx.publicUrl}/subscription` }
  switch (mail.kind) {
    case 'welcome':
      return composeMail({
        ...base,
        subject: 'Welcome to Whirl Premium',
        intro: [
          'Thank you for subscribing. Premium is active now: save, import and export wheels, presets, wheel history and unlimited items per wheel.',
          mail.trialEndsAt
            ? `Your ${TRIAL_DAYS}-day free trial runs until ${longDate(mail.trialEndsAt)}. Nothing is charged before then; then ${PRICE} is taken every month until you cancel.`
            : mail.deferredTo
              ? `You have paid until ${longDate(mail.deferredTo)}, so nothing is charged before then; then ${PRICE} is taken every month until you cancel.`
              : `${PRICE} is taken every month until you cancel.`,
        ],
        details: [
          ['Plan', PREMIUM_PLAN.name],
          ['Amount', `${PRICE} per month`],
          [
            'Charged today',
            mail.trialEndsAt
              ? `$0.00 ${PREMIUM_PLAN.currency} (free trial)`
              : mail.deferredTo
                ? `$0.00 ${PREMIUM_PLAN.currency} (already paid)`
                : PRICE,
          ],
          ['Date', longDate(mail.startedAt)],
          ['Subscription id', mail.subscriptionId],
          ...(mail.nextPaymentAt ? [['Next payment', longDate(mail.nextPaymentAt)] as [string, string]] : []),
        ],
        outro: [HOW_TO_CANCEL],
        action: profile,
      })
    case 'trial-ending':
      return composeMail({
        ...base,
        subject: `Your Whirl free trial ends on ${longDate(mail.endsAt)}`,
        intro: [
          `Your ${TRIAL_DAYS}-day free trial of Whirl Premium ends on ${longDate(mail.endsAt)}.`,
          `Then your first payment of ${PRICE} is taken, and the same every month until you cancel.`,
        ],
        details: [
          ['First payment', longDate(mail.endsAt)],
          ['Amount', PRICE],
          ['Subscription id', mail.subscriptionId],
        ],
        outro: [`Not for you? Cancel before ${longDate(mail.endsAt)} and nothing is charged.`],
        action: profile,
      })
    case 'renewal-received':
      return composeMail({
        ...base,
        subject: 'Your Whirl Premium receipt',
        intro: ['Thank you: your monthly payment for Whirl Premium was received.'],
        details: [
          ['Plan', PREMIUM_PLAN.name],
          ['Amount', PRICE],
          ['Date', longDate(mail.paidAt)],
          ['Subscription id', mail.subscriptionId],
          ...(mail.nextPaymentAt ? [['Next payment', longDate(mail.nextPaymentAt)] as [string, string]] : []),
        ],
        outro: [HOW_TO_CANCEL],
        action: profile,
      })
    case 'renewal-failed':
      return composeMail({
        ...base,
        subject: 'Your Whirl Premium payment did not go through',
        intro: [
          `The monthly payment of ${PRICE} due on ${longDate(mail.dueAt)} did not go through. PayPal is trying again over the next days.`,
          `Premium stays until ${longDate(mail.premiumUntil)}. If no payment has gone through by then, your account returns to the Free plan; nothing is deleted, and Premium comes back as soon as a payment goes through.`,
          'To help it go through, check the payment method of your PayPal account.',
        ],
        details: [
          ['Amount', PRICE],
          ['Due', longDate(mail.dueAt)],
          ['Subscription id', mail.subscriptionId],
        ],
        action: profile,
      })
    case 'cancelled':
      return composeMail({
        ...base,
        subject: 'Your Whirl Premium subscription is cancelled',
        intro: [
          `Your subscription is cancelled, and nothing more will be charged. Premium stays until ${longDate(mail.endsAt)}.`,
          'Changed your mind? Choose Subscribe again on your profile before then: the new subscription starts when this one ends, so you never pay twice for the same days.',
        ],
        details: [
          ['Premium ends', longDate(mail.endsAt)],
          ['Subscription id', mail.subscriptionId],
        ],
        action: profile,
      })
    case 'plan-ended':
      return composeMail({
        ...base,
        subject: 'Your Whirl Premium plan has ended',
        intro: [
          `Your Premium plan ended on ${longDate(mail.endedAt)}, and your account is on the Free plan now.`,
          'Nothing is deleted: your saved wheels are kept, and everything Premium gives comes back when you subscribe again.',
        ],
        outro: ['To come back, open the plans page and choose Subscribe Now.'],
        action: plans,
      })
  }
}
