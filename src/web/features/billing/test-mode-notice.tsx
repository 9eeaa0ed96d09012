import { FlaskConical } from 'lucide-react'
import { useEffect, useState } from 'react'
import { TEST_MODE_TEXT } from '../../../core/billing/protocol'
import { billingApi } from '../../api/billing'
import { t } from '../../i18n/i18n'

/**
 * The amber strip on the plans and payment pages while the server's sandbox payment provider is
 * active: nothing is charged, and a user must be able to see that before pressing Subscribe.
 */
export function TestModeNotice({ className = '' }: { className?: string }) {
  const [testMode, setTestMode] = useState(false)
  useEffect(() => {
    let live = true
    billingApi.config().then(
      (config) => live && setTestMode(config.testMode),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  if (!testMode) return null
  return (
    <p
      role="note"
      data-testid="test-mode-notice"
      className={`flex items-center justify-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100 ${className}`}
    >
      <FlaskConical aria-hidden className="size-4 shrink-0" />
      {t(TEST_MODE_TEXT)}
    </p>
  )
}
