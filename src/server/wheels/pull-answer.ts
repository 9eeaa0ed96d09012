import type { PulledText } from './repository'

/** A page of a pull as the repository answers it. */
export type PulledPage = { wheels: PulledText[]; cursor: number; more: boolean }

/**
 * A pull's answer (a SyncResponse) as JSON text, each wheel spliced in as the JSON text PostgreSQL
 * wrote. A page holds up to 4 MB of wheels: parsing them from the driver and writing them out again
 * blocked the event loop for 70–250 ms a page on this machine; this takes the strings as they are.
 * PostgreSQL's text of a jsonb value is valid JSON; the id goes through JSON.stringify.
 */
export function pullAnswer(page: PulledPage, canWrite: boolean): string {
  const wheels = page.wheels.map(
    (w) =>
      `{"id":${JSON.stringify(w.id)},"wheel":${w.json ?? 'null'},"updatedAt":"${w.updatedAt}","revision":${w.revision}}`,
  )
  return `{"wheels":[${wheels.join(',')}],"cursor":${page.cursor},"more":${page.more},"conflicts":[],"canWrite":${canWrite}}`
}
