import { TRIAL_DAYS } from '../../core/billing/trial'
import { type AnyLocale, localizedPath } from '../../core/i18n/locales'
import { msg } from '../../core/i18n/message-id'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import { translator } from '../i18n/translate'
import { type ComposedMail, composeMail, mailDate } from '../mail/compose'

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

export const MAIL_TEST_NOTICE = msg(
  'TEST MODE: this payment was simulated by the built-in sandbox. No money was charged.',
)

// Prices stay in US dollars in every language.
const PRICE = `$${PREMIUM_PLAN.price} ${PREMIUM_PLAN.currency}`
const NOTHING = `$0.00 ${PREMIUM_PLAN.currency}`
const HOW_TO_CANCEL = msg(
  'You can cancel any time: open your profile and choose Cancel Subscription. Premium then stays until the end of the period you paid for.',
)

type Row = [string, string]

/** The words of one billing mail, for `name` at `publicUrl`, in the recipient's language. */
export function billingMailContent(
  mail: BillingMail,
  ctx: { name: string; publicUrl: string; testMode: boolean; locale: AnyLocale },
): ComposedMail {
  const { locale } = ctx
  const t = translator(locale)
  const date = (value: Date) => mailDate(locale, value)
  const base = { locale, name: ctx.name, notice: ctx.testMode ? t(MAIL_TEST_NOTICE) : undefined }
  const profile = { label: t('Your profile'), url: `${ctx.publicUrl}${localizedPath(locale, '/profile')}` }
  const plans = {
    label: t('Subscription plans'),
    url: `${ctx.publicUrl}${localizedPath(locale, '/subscription')}`,
  }
  const subscription: Row = [t('Subscription id'), 'subscriptionId' in mail ? mail.subscriptionId : '']
  const nextPayment = (at: Date | null): Row[] => (at ? [[t('Next payment'), date(at)]] : [])
  switch (mail.kind) {
    case 'welcome':
      return composeMail({
        ...base,
        subject: t('Welcome to Whirl Premium'),
        intro: [
          t(
            'Thank you for subscribing. Premium is active now: save, import and export wheels, presets, wheel history and unlimited items per wheel.',
          ),
          mail.trialEndsAt
            ? t(
                'Your {days}-day free trial runs until {date}. Nothing is charged before then; then {price} is taken every month until you cancel.',
                { days: TRIAL_DAYS, date: date(mail.trialEndsAt), price: PRICE },
              )
            : mail.deferredTo
              ? t(
                  'You have paid until {date}, so nothing is charged before then; then {price} is taken every month until you cancel.',
                  { date: date(mail.deferredTo), price: PRICE },
                )
              : t('{price} is taken every month until you cancel.', { price: PRICE }),
        ],
        details: [
          [t('Plan'), PREMIUM_PLAN.name],
          [t('Amount'), t('{price} per month', { price: PRICE })],
          [
            t('Charged today'),
            mail.trialEndsAt
              ? t('{amount} (free trial)', { amount: NOTHING })
              : mail.deferredTo
                ? t('{amount} (already paid)', { amount: NOTHING })
                : PRICE,
          ],
          [t('Date'), date(mail.startedAt)],
          subscription,
          ...nextPayment(mail.nextPaymentAt),
        ],
        outro: [t(HOW_TO_CANCEL)],
        action: profile,
      })
    case 'trial-ending':
      return composeMail({
        ...base,
        subject: t('Your Whirl free trial ends on {date}', { date: date(mail.endsAt) }),
        intro: [
          t('Your {days}-day free trial of Whirl Premium ends on {date}.', {
            days: TRIAL_DAYS,
            date: date(mail.endsAt),
          }),
          t('Then your first payment of {price} is taken, and the same every month until you cancel.', {
            price: PRICE,
          }),
        ],
        details: [[t('First payment'), date(mail.endsAt)], [t('Amount'), PRICE], subscription],
        outro: [t('Not for you? Cancel before {date} and nothing is charged.', { date: date(mail.endsAt) })],
        action: profile,
      })
    case 'renewal-received':
      return composeMail({
        ...base,
        subject: t('Your Whirl Premium receipt'),
        intro: [t('Thank you: your monthly payment for Whirl Premium was received.')],
        details: [
          [t('Plan'), PREMIUM_PLAN.name],
          [t('Amount'), PRICE],
          [t('Date'), date(mail.paidAt)],
          subscription,
          ...nextPayment(mail.nextPaymentAt),
        ],
        outro: [t(HOW_TO_CANCEL)],
        action: profile,
      })
    case 'renewal-failed':
      return composeMail({
        ...base,
        subject: t('Your Whirl Premium payment did not go through'),
        intro: [
          t(
            'The monthly payment of {price} due on {date} did not go through. PayPal is trying again over the next days.',
            { price: PRICE, date: date(mail.dueAt) },
          ),
          t(
            'Premium stays until {date}. If no payment has gone through by then, your account returns to the Free plan; nothing is deleted, and Premium comes back as soon as a payment goes through.',
            { date: date(mail.premiumUntil) },
          ),
          t('To help it go through, check the payment method of your PayPal account.'),
        ],
        details: [[t('Amount'), PRICE], [t('Due'), date(mail.dueAt)], subscription],
        action: profile,
      })
    case 'cancelled':
      return composeMail({
        ...base,
        subject: t('Your Whirl Premium subscription is cancelled'),
        intro: [
          t('Your subscription is cancelled, and nothing more will be charged. Premium stays until {date}.', {
            date: date(mail.endsAt),
          }),
          t(
            'Changed your mind? Choose Subscribe again on your profile before then: the new subscription starts when this one ends, so you never pay twice for the same days.',
          ),
        ],
        details: [[t('Premium ends'), date(mail.endsAt)], subscription],
        action: profile,
      })
    case 'plan-ended':
      return composeMail({
        ...base,
        subject: t('Your Whirl Premium plan has ended'),
        intro: [
          t('Your Premium plan ended on {date}, and your account is on the Free plan now.', {
            date: date(mail.endedAt),
          }),
          t(
            'Nothing is deleted: your saved wheels are kept, and everything Premium gives comes back when you subscribe again.',
          ),
        ],
        outro: [t('To come back, open the plans page and choose Subscribe Now.')],
        action: plans,
      })
  }
}
