import { isolate, t } from '../../i18n/i18n'

import { Button } from '../../ui/button'

/**
 * The question asked when a renamed saved wheel is saved: update the saved wheel (it takes the new
 * name) or Save as new (the saved wheel stays as it was).
 */
export default function SaveChoice({
  original,
  onUpdate,
  onSaveAsNew,
  onCancel,
}: {
  original: string
  onUpdate: () => void
  onSaveAsNew: () => void
  onCancel: () => void
}) {
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-300 p-3 text-sm dark:border-slate-600">
      <legend className="px-1 font-semibold">{t('Save a renamed wheel')}</legend>
      <p>
        {t(
          'This wheel was saved as “{name}”. Update that saved wheel, or keep it and save this one as a new wheel?',
          { name: isolate(original) },
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onUpdate}>
          {t('Update saved wheel')}
        </Button>
        <Button size="sm" variant="outline" onClick={onSaveAsNew}>
          {t('Save as new')}
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </fieldset>
  )
}
