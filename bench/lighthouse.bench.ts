// Lighthouse (mobile preset, simulated throttling) on the production build: the four category
// scores and Largest Contentful Paint for / and /wheel. Goal: every score ≥ 0.95.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { BenchResult } from './run'
import { CHROMIUM_ARGS, round, startBuiltServer } from './support'

const PAGES = ['/', '/wheel']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export default async function lighthouseBench(): Promise<BenchResult> {
  const server = await startBuiltServer()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  const rows: (string | number)[][] = []
  const figures: Record<string, number> = {}
  const notes: string[] = []
  try {
    for (const path of PAGES) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
      const { lhr } = result
      // A run Lighthouse could not finish scores 0: say why, rather than report a silent 0.
      if (lhr.runtimeError)
        notes.push(`${path}: Lighthouse failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      for (const warning of lhr.runWarnings ?? [])
        if (!warning.includes('stored data')) notes.push(`${path}: ${warning}`)
      const scores = CATEGORIES.map((c) => lhr.categories[c]?.score ?? 0)
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN
      const key = path === '/' ? 'home' : path.slice(1)
      CATEGORIES.forEach((c, i) => {
        figures[`${key}_${c}`] = scores[i] ?? 0
      })
      figures[`${key}_lcp_ms`] = round(lcp, 0)
      rows.push([path, ...scores.map((s) => s.toFixed(2)), `${round(lcp / 1000, 2)} s`])
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
            notes.push(`${path} ${category}: ${audit.title} (${audit.displayValue ?? audit.score})`)
          }
        }
      }
    }
  } finally {
    chrome.kill()
    await server.stop()
  }
  return {
    title: 'Lighthouse, mobile preset, production build (goal: each score ≥ 0.95)',
    columns: ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP'],
    rows,
    figures,
    notes,
  }
}
