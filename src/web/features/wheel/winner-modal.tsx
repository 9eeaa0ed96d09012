import type { Item } from '../../../core/wheel/model'
import { Modal } from '../../ui/modal'

export function WinnerModal({
  winner,
  onClose,
  onRemove,
}: {
  winner: Item
  onClose: () => void
  onRemove: () => void
}) {
  return (
    <Modal
      title="We have a winner!"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            onClick={onRemove}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Remove
          </button>
          <button
            type="button"
            data-autofocus
            onClick={onClose}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Close
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
        <span className="min-w-0">{winner.text}</span>
      </p>
    </Modal>
  )
}
