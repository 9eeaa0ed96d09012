import { useWheelStore } from './wheel-store'

/** Spin results, newest first. */
export function HistoryList() {
  const history = useWheelStore((s) => s.spinHistory)
  if (history.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No spin results yet.</p>
  return (
    <ol className="max-h-96 space-y-1 overflow-y-auto">
      {history.map((entry) => (
        <li
          key={entry.id}
          className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800"
        >
          <span
            aria-hidden
            className="size-3 shrink-0 rounded-full"
            style={{ backgroundColor: entry.result.color }}
          />
          <span className="min-w-0 flex-1 truncate font-medium">{entry.result.text}</span>
          <time dateTime={entry.timestamp} className="text-xs text-slate-500 dark:text-slate-400">
            {new Date(entry.timestamp).toLocaleString()}
          </time>
        </li>
      ))}
    </ol>
  )
}
