import { ListPlus } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { t } from '../../i18n/i18n'
import { Button } from '../../ui/button'

// The panel's content (and the line parser) loads when it is first opened or pointed at: not in
// the wheel page's first load.
const loadBody = () => import('./add-many-body')
const AddManyBody = lazy(loadBody)

/** "Add many": opens a textarea in which each non-empty line becomes an item. */
export function AddMany({ maxItems }: { maxItems: number }) {
  const [open, setOpen] = useState(false)
  const id = useId()

  return (
    <div>
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
      >
        <ListPlus aria-hidden className="size-4" />
        {t('Add many')}
      </Button>
      {open && (
        <Suspense fallback={<div id={id} className="mt-2 h-40" />}>
          <AddManyBody id={id} maxItems={maxItems} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
