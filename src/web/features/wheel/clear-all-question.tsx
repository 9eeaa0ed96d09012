import { clearAllQuestionText } from '../../../core/wheel/list-edits'
import { t } from '../../i18n/i18n'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'

/**
 * The question Clear all asks of a wheel of more than 15 items, loaded when it is asked (the
 * dialog is not part of the wheel page's first load).
 */
export default function ClearAllQuestion({
  count,
  onCancel,
  onConfirm,
}: {
  count: number
  onCancel: () => void
  onConfirm: () => void
}) {
  const question = clearAllQuestionText(count)
  return (
    <Dialog
      title={t(question.message, question.values)}
      onClose={onCancel}
      footer={
        <>
          <Button variant="outline" size="sm" onClick={onCancel} data-autofocus>
            {t('Cancel')}
          </Button>
          <Button variant="danger" size="sm" onClick={onConfirm}>
            {t('Clear all')}
          </Button>
        </>
      }
    >
      <p>
        {t(
          'Every item leaves the wheel. Undo brings them back while this page stays open; a saved wheel keeps its items until you press Save Wheel.',
        )}
      </p>
    </Dialog>
  )
}
