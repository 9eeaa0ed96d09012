import { useEffect, useMemo, useState } from 'react'
import { t } from '../../i18n/i18n'
import { useSearchParams } from '../../router'
import { useSession } from '../../state/session-store'
import {
  completeReturn,
  INCOMPLETE,
  type ReturnAction,
  type ReturnOutcome,
  readReturnParams,
  returnAction,
  writeSubscriptionRecord,
} from './payment-return'

export type ReturnState =
  | { phase: 'processing' }
  | { phase: 'sign-in' }
  | { phase: 'done'; outcome: ReturnOutcome }

// One server call per return per page load, shared by every render: StrictMode's second effect
// and a remount reuse it instead of asking again (the server would answer the same anyway).
const pending = new Map<string, Promise<ReturnOutcome>>()

const keyOf = (action: ReturnAction) =>
  action.kind === 'activate'
    ? `activate:${action.subscriptionId}`
    : action.kind === 'capture'
      ? `capture:${action.orderId}`
      : 'incomplete'

function run(action: ReturnAction): Promise<ReturnOutcome> {
  const key = keyOf(action)
  let promise = pending.get(key)
  if (!promise) {
    promise = completeReturn(action).then((outcome) => {
      if (outcome.ok) writeSubscriptionRecord(outcome.receipt)
      else pending.delete(key) // a failure may be retried by a reload or a later visit
      return outcome
    })
    pending.set(key, promise)
  }
  return promise
}

/** For tests: forget the calls made so far. */
export const resetPaymentReturnsForTests = () => pending.clear()

/**
 * The payment success page's work (SPEC §4 Payment success page): without any return parameter it
 * is 'Incomplete subscription information' at once; otherwise it waits for the session, asks a
 * signed-out visitor to sign in, and then completes the return on the server.
 */
export function usePaymentReturn(): ReturnState {
  const [search] = useSearchParams()
  const { status, profile } = useSession()
  const params = useMemo(() => readReturnParams(search), [search])
  const noParams = !params.subscriptionId && !params.token && !params.baToken
  // The profile's subscription id is read only for a lone ba_token (see returnAction).
  const fallbackId = params.subscriptionId ? null : (profile?.subscriptionId ?? null)
  const action = useMemo(
    () => (status === 'signed-in' ? returnAction(params, fallbackId) : null),
    [params, status, fallbackId],
  )
  const [outcome, setOutcome] = useState<{ key: string; value: ReturnOutcome } | null>(null)

  useEffect(() => {
    if (!action) return
    let live = true
    const key = keyOf(action)
    void run(action).then((value) => {
      if (live) setOutcome({ key, value })
    })
    return () => {
      live = false
    }
  }, [action])

  if (noParams) return { phase: 'done', outcome: { ok: false, message: t(INCOMPLETE) } }
  if (status === 'signed-out') return { phase: 'sign-in' }
  if (!action || !outcome || outcome.key !== keyOf(action)) return { phase: 'processing' }
  return { phase: 'done', outcome: outcome.value }
}
