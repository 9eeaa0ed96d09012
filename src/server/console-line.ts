import path from 'node:path'
import type { Config } from './config/config'

/**
 * How the server talks on its console. `npm start` (main.js --sandbox) with no LOG_LEVEL is a person
 * trying Whirl: one line with the address, and warnings and errors in words (LOG_LEVEL=warn, so no
 * line per request). Any LOG_LEVEL, or a start without --sandbox (production, tests), writes pino's
 * JSON lines, one per request at LOG_LEVEL=info, as log collectors read them.
 */
export function consoleMode(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): 'people' | 'json' {
  return argv.includes('--sandbox') && env.LOG_LEVEL === undefined ? 'people' : 'json'
}

/** The one line `npm start` prints once the server listens. */
export function startLine(config: Config, cwd = process.cwd()): string {
  const provider = config.billing.provider
  const payments =
    provider.kind === 'sandbox'
      ? 'test-mode payments'
      : provider.env === 'sandbox'
        ? 'PayPal sandbox payments'
        : 'real payments through PayPal'
  const relative = path.relative(cwd, config.dataDir)
  const data =
    config.database.kind === 'postgres'
      ? 'data in PostgreSQL'
      : `data in ${relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? config.dataDir : `./${relative}`}`
  return `Whirl is running at ${config.publicUrl} (${payments}; ${data})`
}

type LogLine = { level?: number; msg?: string; err?: { type?: string; message?: string } }

/**
 * A pino destination that writes each line as words for a person: the message, and for an error
 * its type and message. Lines that are not JSON pass through as they are.
 */
export function peopleLogStream(write: (text: string) => void): { write(line: string): void } {
  return {
    write(line) {
      let parsed: LogLine
      try {
        parsed = JSON.parse(line) as LogLine
      } catch {
        write(line.endsWith('\n') ? line : `${line}\n`)
        return
      }
      const error = parsed.err?.message ? ` (${parsed.err.type ?? 'Error'}: ${parsed.err.message})` : ''
      const prefix = (parsed.level ?? 0) >= 50 ? 'Error: ' : ''
      write(`${prefix}${parsed.msg ?? ''}${error}\n`)
    },
  }
}
