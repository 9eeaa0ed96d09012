// Renders the app's pages to HTML at build time (scripts/prerender.mjs). The browser shows that HTML
// at once, before any JavaScript has run; the app then renders over it (no hydration: pages that
// depend on the browser's storage or the signed-in user are prerendered as the layout alone).
import { renderToString } from 'react-dom/server'
import { type AnyLocale, localePrefix } from '../core/i18n/locales'
import { SAVED_WHEELS_DB, STORE_KEY } from '../core/storage/keys'
import { pageTable } from './app/page-table'
import { loadLocale, t } from './i18n/i18n'
import { createMemoryRouter, type RouteObject, RouterProvider } from './router'
import { EARLY_SAVED_LIST, SUMMARIES } from './state/saved-wheels-db'

export {
  APP_PATHS,
  NOT_FOUND_PAGE,
  prerenderedPageFile,
  STATIC_PAGES,
} from '../core/app-paths'
export { LOCALE_INFO, LOCALES, localizedPath, PSEUDO_LOCALE } from '../core/i18n/locales'

/** The page's title in the page's language, as the page itself sets it ("About · Whirl"). */
function pageTitle(route: string): string {
  const titles: Record<string, () => string> = {
    '/wheel': () => t('My Wheel'),
    '/saved': () => t('Saved Wheels'),
    '/about': () => t('About'),
    '/contact': () => t('Contact Us'),
    '/faq': () => t('FAQ'),
    '/privacy-policy': () => t('Privacy Policy'),
    '/terms-of-service': () => t('Terms of Service'),
    '/forgot-password': () => t('Forgot Password'),
    '/reset-password': () => t('Reset Password'),
    '/subscription': () => t('Subscription Plans'),
    '/payment/cancel': () => t('Payment Cancelled'),
    '/test-subscription': () => t('Test Subscription'),
    '/fair': () => t('Fair draws'),
    '/404': () => t('Page not found'),
  }
  const title = titles[route]
  return title ? `${title()} · Whirl` : t('Whirl: spin the wheel, get a fair winner')
}

/** A prerendered page's <title> and meta description in the language loaded by render(). */
export function pageHead(route: string): { title: string; description: string } {
  return {
    title: pageTitle(route),
    description: t(
      'Whirl: build a wheel of names or choices, spin it and get one fair, random winner. Free to use, no account needed.',
    ),
  }
}

/** Stands in for a page that is drawn from the visitor's data; tall, so the footer starts off-screen. */
function PagePending() {
  return <div className="min-h-dvh" aria-busy="true" />
}

/** The wheel page's heading, as the page draws it; the wheel's name is filled in by WHEEL_TITLE_SCRIPT. */
export const WHEEL_TITLE_ID = 'wheel-title-pending'

/**
 * The wheel page before its code runs: its heading and a tall placeholder. The heading is the
 * page's largest text, so a phone shows it with the first paint instead of two seconds later
 * (Largest Contentful Paint, decision 0019). A first visit's wheel is "My Wheel"; a stored wheel's
 * name is put in by WHEEL_TITLE_SCRIPT, which scripts/prerender.mjs writes right after it.
 */
function WheelPending() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 id={WHEEL_TITLE_ID} className="mb-6 truncate text-center text-3xl font-bold">
        {t('My Wheel')}
      </h1>
      <PagePending />
    </div>
  )
}

/**
 * Runs as the parser reaches it, before the first paint: the stored current wheel's name (the wheel
 * store's key, STORE_KEY) goes into the heading, as the wheel page shows it (`name || 'My Wheel'`,
 * in a <bdi>: its own direction, "Game night?" and not "?Game night" on an Arabic page).
 * Anything unreadable leaves the default, which the app corrects when it renders.
 */
export const WHEEL_TITLE_SCRIPT = `<script>(()=>{try{const h=document.getElementById(${JSON.stringify(
  WHEEL_TITLE_ID,
)});const s=JSON.parse(localStorage.getItem(${JSON.stringify(STORE_KEY)})||'null');const n=s&&s.currentWheel&&s.currentWheel.name;if(h&&typeof n==='string'&&n){const b=document.createElement('bdi');b.textContent=n;h.replaceChildren(b)}}catch{}})()</script>`

/**
 * /saved's list, read while the page is parsed: its code arrives a frame after the first paint
 * (scripts/prerender.mjs), and opening the browser's database only then kept the cards waiting for
 * it. The summaries' rows are left in EARLY_SAVED_LIST for the page's first render
 * (state/browser-data-early-list.ts); read after the page's code had its chance, they are not
 * kept. A browser without the database creates none: the upgrade that would create it is aborted.
 * The connection closes once its one read is done, so it never holds up the app's own opening
 * (which may upgrade the database).
 */
export const SAVED_LIST_SCRIPT = `<script>(()=>{try{const o=indexedDB.open(${JSON.stringify(
  SAVED_WHEELS_DB,
)});o.onupgradeneeded=()=>o.transaction.abort();o.onsuccess=()=>{const d=o.result;try{const r=d.transaction(${JSON.stringify(
  SUMMARIES,
)}).objectStore(${JSON.stringify(SUMMARIES)}).getAll(),k=${JSON.stringify(
  EARLY_SAVED_LIST,
)};r.onsuccess=()=>{if(!(k in window))window[k]=r.result}}catch{}d.close()}}catch{}})()</script>`

function layoutOnly(tree: RouteObject[]): RouteObject[] {
  return tree.map(
    ({ children, index, ...route }): RouteObject =>
      index
        ? { ...route, index: true }
        : {
            ...route,
            children: children?.map(
              (child): RouteObject =>
                child.index
                  ? { index: true, Component: PagePending }
                  : { path: child.path, Component: child.path === '/wheel' ? WheelPending : PagePending },
            ),
          },
  )
}

/**
 * The markup of `#root` for a path in a language: the whole page for static pages, else the layout
 * around a placeholder. The language's messages load first; links carry its prefix (/es/about).
 */
export async function render(pathname: string, whole: boolean, locale: AnyLocale): Promise<string> {
  await loadLocale(locale)
  const router = createMemoryRouter(whole ? pageTable : layoutOnly(pageTable), {
    initialEntries: [pathname],
    basename: localePrefix(locale),
  })
  await router.whenReady()
  if (router.state.error) throw router.state.error.value
  const html = renderToString(<RouterProvider router={router} />)
  router.dispose()
  return html
}
