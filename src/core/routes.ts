/**
 * Every path the web app renders. The server answers these with the app shell and status 200;
 * any other non-API path gets the same shell with status 404 (the app then shows its 404 page).
 */
export const APP_ROUTES = [
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
] as const

export type AppRoute = (typeof APP_ROUTES)[number]

const known = new Set<string>(APP_ROUTES)

/** True when the path (without query or hash, trailing slash ignored) is a page of the app. */
export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return known.has(path || '/')
}

/** The path prerendered as the 404 page (no page of the app has it). */
export const NOT_FOUND_PAGE = '/404'

/** The file in the web folder's _pages/ that holds a page's prerendered HTML ('/payment/success' → 'payment--success.html'). */
export function prerenderedPageFile(route: string): string {
  return `${route === '/' ? 'index' : route.slice(1).replaceAll('/', '--')}.html`
}
