/**
 * Every path the web app renders. The server answers these with the app shell and status 200;
 * any other non-API path gets the same shell with status 404 (the app then shows its 404 page).
 */
export const APP_PATHS = [
  '/',
  '/wheel',
  '/saved',
  '/about',
  '/contact',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/forgot-password',
  '/reset-password',
  '/subscription',
  '/payment/success',
  '/payment/cancel',
  '/profile',
  '/test-subscription',
  '/fair',
] as const

export type AppPath = (typeof APP_PATHS)[number]

/**
 * Pages whose content is the same for every visitor: prerendered whole in every language, and
 * listed in the sitemap.
 */
export const STATIC_PAGES: readonly AppPath[] = [
  '/',
  '/about',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/payment/cancel',
  '/fair',
]

const known = new Set<string>(APP_PATHS)

/**
 * Pages with a parameter (not prerendered): a verifiable draw's page, and a shared wheel's page and
 * embed, which the shares module serves itself (with 404 or 410 for links that are not there).
 */
export const APP_PARAM_PATHS = [
  '/draw/:id',
  '/w/:id',
  '/embed/:id',
  '/live/:code',
  '/live/:code/screen',
  '/live/:code/remote',
] as const

/** The parameter pages the generic web handler answers with 200 (/draw/<id>, a live room's pages). */
const DYNAMIC_ROUTES = [/^\/draw\/[A-Za-z0-9_-]{1,64}$/, /^\/live\/[A-Za-z0-9]{6}(\/screen|\/remote)?$/]

/** True when the path (without query or hash, trailing slash ignored) is a page of the app. */
export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return known.has(path || '/') || DYNAMIC_ROUTES.some((pattern) => pattern.test(path))
}

/** The path prerendered as the 404 page (no page of the app has it). */
export const NOT_FOUND_PAGE = '/404'

/** The file in the web folder's _pages/ that holds a page's prerendered HTML ('/payment/success' → 'payment--success.html'). */
export function prerenderedPageFile(route: string): string {
  return `${route === '/' ? 'index' : route.slice(1).replaceAll('/', '--')}.html`
}
