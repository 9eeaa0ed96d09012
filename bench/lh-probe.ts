// A helper for finding where Lighthouse's blocking time goes (not a bench; nothing is written to
// bench/results): `npx tsx bench/lh-probe.ts /ja/wheel /wheel` audits the pages (performance only,
// mobile preset) in PROBE_RUNS runs (3 by default), each in a Chromium of its own, and prints each
// audit's score, Total Blocking Time, its long tasks (start + duration in ms, Lighthouse's 4x CPU
// slowdown included, with the script they are attributed to) and the main thread's time by kind.
// The audits are the bench's own (lighthouse.bench.ts): a run Lighthouse could not read is run again.
import { audit, launchForAudits } from './lighthouse.bench'
import { startBuiltServer } from './support'

type Task = { url: string; duration: number; startTime: number }
type Group = { group: string; duration: number }
const itemsOf = <T>(details: unknown): T[] => (details as { items?: T[] } | undefined)?.items ?? []

const pages = process.argv.slice(2)
const runs = Number(process.env.PROBE_RUNS ?? 3)
const server = await startBuiltServer()
try {
  for (let run = 1; run <= runs; run++) {
    const chrome = await launchForAudits()
    try {
      for (const page of pages) {
        const notes: string[] = []
        const { audits, categories } = await audit(`${server.url}${page}`, chrome.port, notes, [
          'performance',
        ])
        for (const note of notes) console.log(`  ${note}`)
        const tbt = Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN)
        const tasks = itemsOf<Task>(audits['long-tasks']?.details).map(
          (t) =>
            `${Math.round(t.startTime)}+${Math.round(t.duration)} ${t.url.replace(server.url, '').slice(-40)}`,
        )
        const kinds = itemsOf<Group>(audits['mainthread-work-breakdown']?.details)
        console.log(`${page} run ${run}: ${categories.performance?.score} (blocking ${tbt} ms)`)
        console.log(`  long tasks: ${tasks.join('; ')}`)
        console.log(`  main thread: ${kinds.map((k) => `${k.group} ${Math.round(k.duration)}`).join(', ')}`)
      }
    } finally {
      chrome.kill()
    }
  }
} finally {
  await server.stop()
}
