// Faults (e): 30 concurrent first requests for one 10,000-item link's preview image, on the
// bench's own PostgreSQL (issue 33, finding 2). Before the fix every request drew the image on the
// event loop: the server froze for seconds and pool timeouts answered 500. Now one drawing, in a
// worker thread, serves all 30; /api/health is polled meanwhile.
import { createDefaultWheel, type Wheel } from '../src/core/wheel/model'
import { signUp, simulateMonthly } from './http-load'
import { startPrivatePostgres } from './private-postgres'
import { percentile, round, sleep, startBuiltServer } from './support'

type Outcome = { scenario: string; pass: boolean; figure: string; figures: Record<string, number | string> }

const CONCURRENT = 30
const ITEMS = 10_000
const HEALTH_P99_MS = 50

/** Runs on a PostgreSQL of its own (bench/private-postgres.ts), started and removed here. */
export async function scenarioE(): Promise<Outcome> {
  const db = await startPrivatePostgres()
  try {
    return await imagesOnPostgres(db.url)
  } finally {
    await db.destroy()
  }
}

async function imagesOnPostgres(databaseUrl: string): Promise<Outcome> {
  const server = await startBuiltServer({ DATABASE_URL: databaseUrl })
  try {
    const cookie = await signUp(server.url, `fault-e-${Date.now()}@example.com`)
    await simulateMonthly(server.url, cookie)
    const wheel: Wheel = {
      ...createDefaultWheel(),
      name: 'Fault raffle',
      items: Array.from({ length: ITEMS }, (_, i) => ({
        id: `i${i}`,
        text: `Entry ${i}`,
        color: i % 2 ? '#3b82f6' : '#ef4444',
      })),
    }
    const created = await fetch(`${server.url}/api/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify({ wheel }),
    })
    if (created.status !== 201) throw new Error(`share failed: ${created.status} ${await created.text()}`)
    const { share } = (await created.json()) as { share: { id: string } }

    // Two visitors poll /api/health from a second before the images until a second after.
    const health: { ms: number; status: number }[] = []
    let polling = true
    const pollers = Array.from({ length: 2 }, async () => {
      while (polling) {
        const started = performance.now()
        const status = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(15_000) }).then(
          async (r) => {
            await r.arrayBuffer()
            return r.status
          },
          () => 0,
        )
        health.push({ ms: performance.now() - started, status })
        await sleep(10)
      }
    })
    await sleep(1000)
    const before = health.length
    const sent = performance.now()
    const images = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        fetch(`${server.url}/api/shares/${share.id}/image.png`, { signal: AbortSignal.timeout(30_000) }).then(
          async (r) => {
            const body = Buffer.from(await r.arrayBuffer())
            return { status: r.status, timing: r.headers.get('server-timing') ?? '', body }
          },
          (error: Error) => ({ status: 0, timing: error.message, body: Buffer.alloc(0) }),
        ),
      ),
    )
    const imagesMs = performance.now() - sent
    const meanwhileFrom = before
    const meanwhileTo = health.length
    await sleep(1000)
    polling = false
    await Promise.all(pollers)

    const drawn = images.filter((i) => i.timing.includes('desc="drawn"'))
    const renderMs = Number(/dur=([\d.]+)/.exec(drawn[0]?.timing ?? '')?.[1] ?? Number.NaN)
    const png = (b: Buffer) => b.subarray(1, 4).toString() === 'PNG' && b.readUInt32BE(16) === 1200
    const ok = images.filter((i) => i.status === 200 && png(i.body)).length
    const serverErrors = [...images, ...health].filter((r) => r.status >= 500 || r.status === 0).length
    const during = health
      .slice(meanwhileFrom, meanwhileTo)
      .map((h) => h.ms)
      .sort((a, b) => a - b)
    // The same polls in the quiet second before the images: what this machine gives at rest.
    const quiet = health
      .slice(0, meanwhileFrom)
      .map((h) => h.ms)
      .sort((a, b) => a - b)
    const p99 = percentile(during, 99)
    const pass = drawn.length === 1 && ok === CONCURRENT && serverErrors === 0 && p99 <= HEALTH_P99_MS
    return {
      scenario: `(e) ${CONCURRENT} concurrent first requests for a ${ITEMS.toLocaleString('en')}-item link's image`,
      pass,
      figure: `${drawn.length} drawing (${round(renderMs, 0)} ms) for ${CONCURRENT} requests, ${ok} valid PNGs in ${round(imagesMs, 0)} ms; /api/health meanwhile p99 ${round(p99, 1)} ms, worst ${round(during[during.length - 1] ?? Number.NaN, 1)} ms (${during.length} polls; p99 ${round(percentile(quiet, 99), 1)} ms in the quiet second before); ${serverErrors} × 5xx`,
      figures: {
        e_requests: CONCURRENT,
        e_renders: drawn.length,
        e_render_ms: round(renderMs, 0),
        e_valid_png: ok,
        e_all_images_ms: round(imagesMs, 0),
        e_health_polls_meanwhile: during.length,
        e_health_p99_meanwhile_ms: round(p99, 1),
        e_health_max_meanwhile_ms: round(during[during.length - 1] ?? Number.NaN, 1),
        e_health_p99_before_ms: round(percentile(quiet, 99), 1),
        e_5xx: serverErrors,
      },
    }
  } finally {
    await server.stop()
  }
}
