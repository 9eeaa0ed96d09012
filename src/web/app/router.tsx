import type { RouteObject } from 'react-router'
import { HomePage } from '../features/pages/home-page'
import { Layout } from './layout'
import { RouteError } from './route-error'

// Every page is its own chunk, loaded on first visit (guards too: the home page needs no account code). Paths must match src/core/routes.ts.
// main.tsx makes the browser router of these; scripts/prerender.mjs renders them at build time.
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-dvh" aria-busy="true" />,
    children: [
      // ROUTES (one line each, keep this marker)
      {
        path: '/profile',
        lazy: () =>
          import('./require-auth').then(({ signInRequired }) =>
            signInRequired(import('../features/profile/profile-page')),
          ),
      },
      {
        path: '/saved',
        lazy: () =>
          import('./require-auth').then(({ signInRequired }) =>
            signInRequired(import('../features/saved-wheels/saved-wheels-page')),
          ),
      },
      { path: '/subscription', lazy: () => import('../features/billing/subscription-page') },
      { path: '/payment/success', lazy: () => import('../features/billing/payment-success-page') },
      { path: '/payment/cancel', lazy: () => import('../features/billing/payment-cancel-page') },
      {
        path: '/test-subscription',
        lazy: () =>
          import('./require-auth').then(({ signInRequired }) =>
            signInRequired(import('../features/billing/test-subscription-page')),
          ),
      },
      { path: '/forgot-password', lazy: () => import('../features/auth/forgot-password-page') },
      { path: '/reset-password', lazy: () => import('../features/auth/reset-password-page') },
      { index: true, Component: HomePage },
      { path: '/about', lazy: () => import('../features/pages/about-page') },
      { path: '/faq', lazy: () => import('../features/pages/faq-page') },
      { path: '/privacy-policy', lazy: () => import('../features/pages/privacy-page') },
      { path: '/terms-of-service', lazy: () => import('../features/pages/terms-page') },
      { path: '/contact', lazy: () => import('../features/contact/contact-page') },
      { path: '/wheel', lazy: () => import('../features/wheel/wheel-page') },
      { path: '*', lazy: () => import('../features/pages/not-found-page') },
    ],
  },
]
