// Runs every bench/*.bench.ts (or those named on the command line), prints a table for each and
// writes its figures to bench/results/<name>.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type FiguresByBench, SPEED_BENCHES, speedGoals } from './speed-goals'
import { quietNote, waitForQuietMachine } from './support'

export type BenchResult = {
  title: string
  columns: string[]
  rows: (string | number)[][]
  /** Flat named figures, written to bench/results. */
  figures: Record<string, number | string>
  notes?: string[]
}

function printTable(result: BenchResult): void {
  const cells = [result.columns, ...result.rows.map((r) => r.map(String))]
  const widths = result.columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)))
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
  console.log(`\n${result.title}`)
  console.log(line(cells[0] ?? []))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of cells.slice(1)) console.log(line(row))
  for (const note of result.notes ?? []) console.log(`  ${note}`)
}

const only = process.argv.slice(2)
const dir = path.dirname(new URL(import.meta.url).pathname)
const all = readdirSync(dir).filter((f) => f.endsWith('.bench.ts'))
const names = all.map((f) => f.replace(/\.bench\.ts$/, ''))
const files = all
  // A name that is a bench's whole name runs that bench only ("load" is not also "auth-load").
  .filter(
    (f) => only.length === 0 || only.some((o) => (names.includes(o) ? f === `${o}.bench.ts` : f.includes(o))),
  )
  .sort()

mkdirSync(path.join(dir, 'results'), { recursive: true })
const resultFile = (name: string) => path.join(dir, 'results', `${name}.json`)
const readFigures = (name: string) =>
  existsSync(resultFile(name))
    ? (JSON.parse(readFileSync(resultFile(name), 'utf8')) as { figures?: FiguresByBench[string] }).figures
    : undefined
// The figures the speed-pass table compares with: the results files as they were before this run.
const previous: FiguresByBench = Object.fromEntries(SPEED_BENCHES.map((b) => [b, readFigures(b)]))
const now: FiguresByBench = {}
let failed = 0
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '')
  try {
    // Each bench starts on a quiet machine, not in what the one before left running.
    const quiet = await waitForQuietMachine()
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default: () => Promise<BenchResult>
    }
    const result = await mod.default()
    result.notes = [...(result.notes ?? []), quietNote(quiet)]
    printTable(result)
    writeFileSync(
      resultFile(name),
      `${JSON.stringify({ name, date: new Date().toISOString(), ...result }, null, 2)}\n`,
    )
    now[name] = result.figures
  } catch (error) {
    failed += 1
    console.error(`\nbench ${name} failed:`, error)
  }
}
const goals = speedGoals(previous, now)
if (goals) {
  printTable(goals)
  writeFileSync(
    resultFile('speed-goals'),
    `${JSON.stringify({ name: 'speed-goals', date: new Date().toISOString(), ...goals }, null, 2)}\n`,
  )
}
process.exit(failed ? 1 : 0)
