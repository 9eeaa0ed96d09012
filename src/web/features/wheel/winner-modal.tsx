import type { ReactNode } from 'react'
import type { Item } from '../../../core/wheel/model'
import { t } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button-class'
import { Dialog } from '../../ui/dialog'

export function WinnerModal({
  winner,
  onClose,
  onRemove,
  extra,
}: {
  winner: Item
  onClose: () => void
  onRemove: () => void
  /** More for the page to show under the winner (the draw's verification link). */
  extra?: ReactNode
}) {
  return (
    <Dialog
      title={t('We have a winner!')}
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onRemove} className={buttonClass('outline', 'sm')}>
            {t('Remove')}
          </button>
          <button type="button" data-autofocus onClick={onClose} className={buttonClass('primary', 'sm')}>
            {t('Close')}
          </button>
        </>
      }
    >
      <p className="flex items-center gap-3 text-2xl font-bold break-words" data-testid="winner-text">
        <span
          aria-hidden
          className="size-6 shrink-0 rounded-full"
          style={{ backgroundColor: winner.color }}
        />
        <span className="min-w-0" dir="auto">
          {winner.text}
        </span>
      </p>
      {winner.image && (
        <img src={winner.image} alt={winner.text} className="mx-auto mt-4 max-h-48 max-w-full rounded" />
      )}
      {extra}
    </Dialog>
  )
}
