import { expect, type Page, request } from '@playwright/test'
import { BASE_URL } from '../playwright.config'
import { readCatalogue } from '../scripts/i18n-catalogue.mjs'
import { type AnyLocale, LOCALE_INFO, type Locale, localizedPath } from '../src/core/i18n/locales'
import { openWithWheel, type SeedItem } from './wheel-helpers'

const catalogues = new Map<Locale, Record<string, string>>()

/**
 * A plain message (no placeholders) as the catalogue has it in `locale`: the test reads the
 * translation from src/core/i18n/catalogue/<locale>.json, so it hard-codes only English.
 */
export function tr(locale: Locale, english: string): string {
  if (locale === 'en') return english
  let catalogue = catalogues.get(locale)
  if (!catalogue) {
    catalogue = readCatalogue(locale)
    catalogues.set(locale, catalogue)
  }
  // A message the catalogue lacks fails the check that looks for it, saying so.
  return catalogue[english] || `⟪${locale}.json lacks "${english}"⟫`
}

/** The address of a page (`/wheel`) in a language (`/es/wheel`; English keeps the bare path). */
export const at = (locale: AnyLocale, path: string) => localizedPath(locale, path)

/** The language's tag and direction, as <html lang> and dir say them. */
export async function expectLanguage(page: Page, locale: AnyLocale): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.locator('html')).toHaveAttribute('dir', LOCALE_INFO[locale].dir)
}

/**
 * Waits until the app has rendered over the prerendered page (inert until then): the app's first
 * render replaces that markup, so anything read or changed in it before is lost.
 */
export async function expectAppRendered(page: Page): Promise<void> {
  await expect(page.locator('#root > [inert]')).toHaveCount(0)
}

/** Opens `path` (a localized /wheel) on a wheel of these items, spinning for 1 s. */
export function openWheelAt(page: Page, path: string, name: string, items: SeedItem[]): Promise<void> {
  return openWithWheel(page, items, {}, { path, name })
}

/** Shares a wheel of these items through the API, as the Share dialog does; returns /w/<id>. */
export async function createShare(name: string, texts: string[]): Promise<string> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } })
  const colors = ['#dc2626', '#16a34a', '#2563eb', '#9333ea']
  const wheel = {
    id: null,
    name,
    items: texts.map((text, i) => ({ id: `i${i}`, text, color: colors[i % colors.length] })),
    settings: {
      spinDuration: 1000,
      soundEnabled: false,
      confettiEnabled: false,
      wheelSize: 300,
      mode: 'normal',
    },
  }
  const response = await api.post('/api/shares', { data: { wheel } })
  expect(response.status(), await response.text()).toBe(201)
  const { share } = (await response.json()) as { share: { id: string } }
  await api.dispose()
  return `/w/${share.id}`
}
