import { Eraser } from 'lucide-react'
import { lazy, type RefObject, Suspense, useEffect, useState } from 'react'
import { clearAllAsks } from '../../../core/wheel/list-edits'
import { t } from '../../i18n/i18n'
import { useWheelStore } from '../../state/wheel-store'
import { Button } from '../../ui/button'

const ClearAllQuestion = lazy(() => import('./clear-all-question'))

export const clearList = () => useWheelStore.getState().clearItems()

/**
 * Clear all. A wheel of more than 15 items asks first, naming the count ("Clear all 16 items?");
 * Cancel, Escape, the backdrop and X keep every item. After clearing, focus goes to Undo.
 */
export function ClearAllButton({
  count,
  undo,
}: {
  count: number
  undo: RefObject<HTMLButtonElement | null>
}) {
  const [asking, setAsking] = useState<number | null>(null)
  const [cleared, setCleared] = useState(0)

  // Runs after the dialog has handed focus back to Clear all, which clearing disabled.
  useEffect(() => {
    if (cleared > 0) undo.current?.focus()
  }, [cleared, undo])

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={count === 0}
        onClick={() => (clearAllAsks(count) ? setAsking(count) : clearList())}
      >
        <Eraser aria-hidden className="size-4" />
        {t('Clear all')}
      </Button>
      {asking !== null && (
        <Suspense fallback={null}>
          <ClearAllQuestion
            count={asking}
            onCancel={() => setAsking(null)}
            onConfirm={() => {
              setAsking(null)
              if (clearList()) setCleared((n) => n + 1)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
