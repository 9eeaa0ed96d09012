import { msg } from '../../../core/i18n/message-id'
import { t } from '../../i18n/i18n'
import type { AutoSaveStatus } from './auto-save-status'

/** The words of the line (loaded with it: a first visit, with no saved wheel loaded, shows none). */
export const AUTO_SAVE_TEXT = {
  pending: msg('Saving…'),
  saved: msg('Saved'),
  emptied: msg('Not saved: the wheel is empty. Press Save Wheel to keep an empty wheel.'),
  elimination: msg(
    'Not saved automatically in elimination mode, so a game never shrinks the saved wheel. Press Save Wheel to keep the changes.',
  ),
  'turned-off': msg('Not saved: auto-save is off in Settings. Press Save Wheel to keep the changes.'),
  differs: msg(
    'Not saved yet: this wheel differs from its saved copy. Edit it or press Save Wheel to save it as shown.',
  ),
} as const

/** Auto-save's state beside Save Wheel: "Saving…", "Saved", or why it waits for Save Wheel. */
export function AutoSaveLine({ status }: { status: AutoSaveStatus }) {
  if (status.kind === 'idle') return null
  const [text, tone] =
    status.kind === 'pending'
      ? [AUTO_SAVE_TEXT.pending, 'text-slate-600 dark:text-slate-400']
      : status.kind === 'saved'
        ? [AUTO_SAVE_TEXT.saved, 'text-emerald-700 dark:text-emerald-300']
        : status.kind === 'waiting'
          ? [AUTO_SAVE_TEXT[status.reason], 'text-amber-800 dark:text-amber-200']
          : [status.message, 'text-red-700 dark:text-red-300']
  return (
    <span role="status" data-testid="auto-save-status" className={`text-sm ${tone}`}>
      {t(text)}
    </span>
  )
}

export default AutoSaveLine
