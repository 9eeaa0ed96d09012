import type { SpinHistoryEntry } from '../wheel/model'

export const HISTORY_CSV_COLUMNS = ['Result', 'Color', 'Wheel Name', 'Timestamp'] as const

/**
 * One CSV field: quoted when it holds a comma, quote or line break (quotes doubled, RFC 4180), and
 * prefixed with ' when it starts like a spreadsheet formula (= + - @, tab, carriage return), so a
 * result such as =HYPERLINK(…) opens as text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The history as CSV (newest first, as shown), CRLF line ends, with a header row. */
export function historyToCsv(history: readonly SpinHistoryEntry[]): string {
  const rows = history.map((entry) =>
    [entry.result.text, entry.result.color, entry.wheelName, entry.timestamp].map(csvField).join(','),
  )
  return `${[HISTORY_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`
}

/** spin_history_<YYYY-MM-DD>.csv, the local date. */
export function historyFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `spin_history_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}

/** Total spins and the number of different wheels they were made on. */
export function historyTotals(history: readonly SpinHistoryEntry[]): {
  totalSpins: number
  wheelsUsed: number
} {
  return { totalSpins: history.length, wheelsUsed: new Set(history.map((e) => e.wheelName)).size }
}
