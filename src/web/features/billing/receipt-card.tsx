import { t } from '../../i18n/i18n'
import { money } from '../../i18n/money'
import { longDate } from '../../ui/long-date'
import type { Receipt } from './payment-return'

/** 'premium' reads Premium; anything else (or nothing) is the spec's Basic. */
export const isPremiumPlan = (plan: string) => plan.toLowerCase() === 'premium'
export const planLabel = (plan: string) => (isPremiumPlan(plan) ? 'Premium' : t('Basic'))

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-all text-end font-medium">{children}</dd>
    </div>
  )
}

/** The details card of the success page; it is also what Print Receipt prints (receipt-print.css). */
export function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const subscription = receipt.kind === 'subscription'
  const next = longDate(receipt.nextBillingDate)
  return (
    <section
      aria-labelledby="receipt-heading"
      className="receipt rounded-2xl bg-white p-6 text-start shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="receipt-heading" className="text-lg font-bold">
        {subscription ? t('Subscription Details') : t('Payment Details')}
      </h2>
      <p className="receipt-print-only text-sm">
        {t('Whirl — receipt printed {date}', { date: longDate(new Date()) ?? '' })}
      </p>
      <dl className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <Row label={t('Plan')}>{planLabel(receipt.plan)}</Row>
        <Row label={t('Amount')}>{money(receipt.amount, receipt.currency)}</Row>
        <Row label={t('Currency')}>{receipt.currency}</Row>
        <Row label={t('Start Date')}>{longDate(receipt.startDate)}</Row>
        <Row label={subscription ? t('Subscription ID') : t('Payment ID')}>
          <span data-testid="receipt-id">{receipt.id}</span>
        </Row>
        <Row label={t('Status')}>
          <span className="inline-flex items-center gap-2">
            <span aria-hidden className="size-2.5 rounded-full bg-green-500" />
            {subscription ? t('Active') : t('Completed')}
          </span>
        </Row>
        {subscription && <Row label={t('Auto Renewal')}>{t('Enabled')}</Row>}
        {next && <Row label={t('Next Billing Date')}>{next}</Row>}
        <Row label={t('Payment Method')}>PayPal</Row>
      </dl>
    </section>
  )
}
