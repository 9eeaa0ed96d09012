import { createBrowserRouter } from 'react-router'
import { Layout } from './layout'
import { RouteError } from './route-error'

// Every page is its own chunk, loaded on first visit. Paths must match src/core/routes.ts.
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-dvh" aria-busy="true" />,
    children: [
      // ROUTES (one line each, keep this marker)
      { path: '/wheel', lazy: () => import('../features/wheel/wheel-page') },
      { path: '*', lazy: () => import('../features/pages/not-found-page') },
    ],
  },
])
