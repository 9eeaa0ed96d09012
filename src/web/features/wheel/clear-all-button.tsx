import { Eraser } from 'lucide-react'
import { type RefObject, useEffect, useState } from 'react'
import { clearAllAsks, clearAllQuestion } from '../../../core/wheel/list-edits'
import { useWheelStore } from '../../state/wheel-store'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'

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
        Clear all
      </Button>
      {asking !== null && (
        <Dialog
          title={clearAllQuestion(asking)}
          onClose={() => setAsking(null)}
          footer={
            <>
              <Button variant="outline" size="sm" onClick={() => setAsking(null)} data-autofocus>
                Cancel
              </Button>
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  setAsking(null)
                  if (clearList()) setCleared((n) => n + 1)
                }}
              >
                Clear all
              </Button>
            </>
          }
        >
          <p>
            Every item leaves the wheel. Undo brings them back while this page stays open; a saved wheel keeps
            its items until you press Save Wheel.
          </p>
        </Dialog>
      )}
    </>
  )
}
