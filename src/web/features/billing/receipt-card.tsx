import { longDate } from '../../ui/long-date'
import type { Receipt } from './payment-return'

/** 'premium' reads Premium; anything else (or nothing) is the spec's Basic. */
export const planLabel = (plan: string) => (plan.toLowerCase() === 'premium' ? 'Premium' : 'Basic')

function formatAmount(amount: string, currency: string): string {
  const value = Number(amount)
  if (!amount || Number.isNaN(value)) return amount || '—'
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value)
  } catch {
    return amount
  }
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-all text-right font-medium">{children}</dd>
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
      className="receipt rounded-2xl bg-white p-6 text-left shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="receipt-heading" className="text-lg font-bold">
        {subscription ? 'Subscription Details' : 'Payment Details'}
      </h2>
      <p className="receipt-print-only text-sm">Whirl — receipt printed {longDate(new Date())}</p>
      <dl className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <Row label="Plan">{planLabel(receipt.plan)}</Row>
        <Row label="Amount">{formatAmount(receipt.amount, receipt.currency)}</Row>
        <Row label="Currency">{receipt.currency}</Row>
        <Row label="Start Date">{longDate(receipt.startDate)}</Row>
        <Row label={subscription ? 'Subscription ID' : 'Payment ID'}>
          <span data-testid="receipt-id">{receipt.id}</span>
        </Row>
        <Row label="Status">
          <span className="inline-flex items-center gap-2">
            <span aria-hidden className="size-2.5 rounded-full bg-green-500" />
            {subscription ? 'Active' : 'Completed'}
          </span>
        </Row>
        {subscription && <Row label="Auto Renewal">Enabled</Row>}
        {next && <Row label="Next Billing Date">{next}</Row>}
        <Row label="Payment Method">PayPal</Row>
      </dl>
    </section>
  )
}
