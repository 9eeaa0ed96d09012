import type { ComponentType } from 'react'
import type { RouteObject } from '../router'
import { Layout } from './layout'
import { RouteError } from './route-error'

/**
 * A page behind sign-in: its code and the guard's are asked for side by side, not the page's only
 * once the guard's has arrived (a round trip less when the page is opened from the header).
 */
const behindSignIn = (page: () => Promise<{ Component: ComponentType }>) => () => {
  const code = page()
  // Awaited by signInRequired; should the guard's code fail first, its failure is the one reported.
  code.catch(() => {})
  return import('./require-auth').then(({ signInRequired }) => signInRequired(code))
}

// Every page is its own chunk, loaded on first visit (guards too: the home page needs no account code).
// page-table.test.ts checks that the paths are exactly APP_PATHS (src/core/app-paths.ts).
// main.tsx makes the browser router of these; scripts/prerender.mjs renders them at build time.
export const pageTable: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-dvh" aria-busy="true" />,
    children: [
      // ROUTES (one line each, keep this marker)
      {
        path: '/profile',
        lazy: behindSignIn(() => import('../features/account/profile-page')),
      },
      {
        path: '/saved',
        // Its code brings the code that reads the saved wheels (state/browser-data-early-list.ts),
        // which scripts/prerender.mjs preloads with it.
        lazy: behindSignIn(() => import('./pages/saved-wheels-page')),
      },
      { path: '/subscription', lazy: () => import('../features/billing/subscription-page') },
      { path: '/payment/success', lazy: () => import('../features/billing/payment-success-page') },
      { path: '/payment/cancel', lazy: () => import('../features/billing/payment-cancel-page') },
      {
        path: '/test-subscription',
        lazy: behindSignIn(() => import('../features/billing/test-subscription-page')),
      },
      { path: '/forgot-password', lazy: () => import('../features/auth/forgot-password-page') },
      { path: '/reset-password', lazy: () => import('../features/auth/reset-password-page') },
      { index: true, lazy: () => import('./pages/home-page') },
      { path: '/about', lazy: () => import('../features/marketing/about-page') },
      { path: '/faq', lazy: () => import('../features/marketing/faq-page') },
      { path: '/privacy-policy', lazy: () => import('../features/marketing/privacy-page') },
      { path: '/terms-of-service', lazy: () => import('../features/marketing/terms-page') },
      { path: '/contact', lazy: () => import('../features/contact/contact-page') },
      { path: '/wheel', lazy: () => import('./pages/wheel-page') },
      { path: '/w/:id', lazy: () => import('../features/share/shared-wheel-page') },
      { path: '/fair', lazy: () => import('../features/draws/fair-page') },
      { path: '/draw/:id', lazy: () => import('../features/draws/draw-page') },
      { path: '/live/:code', lazy: () => import('../features/rooms/live-page') },
      { path: '/live/:code/remote', lazy: () => import('../features/rooms/remote-page') },
      { path: '*', lazy: () => import('../features/marketing/not-found-page') },
    ],
  },
  // Outside the layout: other sites frame it (no header, footer or cookie dialog).
  { path: '/embed/:id', lazy: () => import('../features/share/embed-page') },
  { path: '/live/:code/screen', lazy: () => import('../features/rooms/screen-page') },
]
