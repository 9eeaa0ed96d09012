import { AUTO_SAVE_TEXT, type AutoSaveStatus } from './auto-save-status'

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
      {text}
    </span>
  )
}
