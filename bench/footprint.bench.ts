// The first figures: gzipped JavaScript and CSS a browser downloads for / and /wheel in each
// language (/es, /es/wheel…: the language's catalogue included), and the server's idle memory (RSS)
// on PGlite and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Response } from '@playwright/test'
import pg from 'pg'
import { LOCALES, localizedPath } from '../src/core/i18n/locales'
import type { BenchResult } from './run'
import { launchChromium, round, sleep, startBuiltServer } from './support'

async function transferred(url: string, paths: string[]) {
  const browser = await launchChromium()
  const out: { path: string; js: number; css: number; requests: number }[] = []
  try {
    for (const p of paths) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const bodies: Promise<{ type: string; size: number }>[] = []
      const onResponse = (response: Response) => {
        // Only what crosses the network: the loader's warm-up worker (decision 0070) runs a blob:
        // script made from the page's own HTML, and closes before its body could be read.
        if (!response.url().startsWith('http')) return
        const type = response.request().resourceType()
        if (type === 'script' || type === 'stylesheet') {
          bodies.push(response.body().then((b) => ({ type, size: gzipSync(b, { level: 9 }).length })))
        }
      }
      page.on('response', onResponse)
      await page.goto(url + p, { waitUntil: 'networkidle' })
      // The prerendered page starts its scripts after its first paint: on a busy machine the network
      // can fall quiet before that. Count once the app has rendered over the page and the network is
      // quiet again.
      await page.waitForFunction(() => document.querySelector('#root > [inert]') === null)
      await page.waitForLoadState('networkidle')
      // Counted: what came until now. A response after this point (a busy machine's late one) is not
      // read, else its body would be asked for as the context closes and reject with nothing to
      // hear it, ending the bench ("Target page, context or browser has been closed").
      page.off('response', onResponse)
      const sizes = await Promise.all(bodies)
      const sum = (t: string) => sizes.filter((s) => s.type === t).reduce((a, s) => a + s.size, 0)
      out.push({ path: p, js: sum('script'), css: sum('stylesheet'), requests: sizes.length })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return out
}

/** Idle RSS of a server that starts on an existing database (the first start also creates it). */
async function idleRss(env: Record<string, string>): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'whirl-bench-rss-'))
  try {
    await (await startBuiltServer(env, { dataDir, keepData: true })).stop()
    const server = await startBuiltServer(env, { dataDir, keepData: true })
    try {
      await fetch(`${server.url}/`)
      await sleep(3000)
      return server.rssKiB()
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export default async function footprint(): Promise<BenchResult> {
  const server = await startBuiltServer()
  let pages: Awaited<ReturnType<typeof transferred>>
  try {
    pages = await transferred(
      server.url,
      LOCALES.flatMap((locale) => [localizedPath(locale, '/'), localizedPath(locale, '/wheel')]),
    )
  } finally {
    await server.stop()
  }
  const rssPglite = await idleRss({})
  const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
  const schema = `bench_${Date.now()}`
  const rssPostgres = await idleRss({ DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema }).catch(() => Number.NaN)
  const client = new pg.Client({ connectionString: pgUrl })
  await client.connect().then(
    () => client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end()),
    () => {},
  )
  const kb = (n: number) => round(n / 1024, 1)
  const figures: Record<string, number> = {
    rss_idle_pglite_mib: round(rssPglite / 1024),
    rss_idle_postgres_mib: round(rssPostgres / 1024),
  }
  for (const p of pages) {
    // home, wheel, es_home, es_wheel…
    const key = p.path
      .slice(1)
      .replace(/^([a-z-]+)$/, (_, prefix: string) => (prefix === 'wheel' ? 'wheel' : `${prefix}/home`))
      .replace(/^$/, 'home')
      .replaceAll('/', '_')
      .replaceAll('-', '_')
    figures[`${key}_js_gzip_kib`] = kb(p.js)
    // The goals are in KiB (issue 17: ≤ 120 for /wheel); the bytes say which side of one a figure is.
    figures[`${key}_js_gzip_bytes`] = p.js
    figures[`${key}_css_gzip_kib`] = kb(p.css)
  }
  return {
    title: 'Footprint: what a first visit downloads (gzip level 9), and idle server memory',
    columns: ['measure', 'value'],
    rows: [
      ...pages.flatMap((p) => [
        [`${p.path} JavaScript (gzip)`, `${kb(p.js)} KiB`],
        [`${p.path} CSS (gzip)`, `${kb(p.css)} KiB`],
      ]),
      ['server idle RSS, PGlite', `${figures.rss_idle_pglite_mib} MiB`],
      ['server idle RSS, PostgreSQL', `${figures.rss_idle_postgres_mib} MiB`],
    ],
    figures,
  }
}
