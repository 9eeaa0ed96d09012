// Renders the app's pages to HTML at build time (scripts/prerender.mjs). The browser shows that HTML
// at once, before any JavaScript has run; the app then renders over it (no hydration: pages that
// depend on the browser's storage or the signed-in user are prerendered as the layout alone).
import { renderToString } from 'react-dom/server'
import { routes } from './app/router'
import { createMemoryRouter, type RouteObject, RouterProvider } from './router'

export { APP_ROUTES, NOT_FOUND_PAGE, prerenderedPageFile } from '../core/routes'

/** Pages whose content is the same for every visitor: prerendered whole. */
export const STATIC_PAGES = [
  '/',
  '/about',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/payment/cancel',
  '/fair',
]

/** Stands in for a page that is drawn from the visitor's data; tall, so the footer starts off-screen. */
function PagePending() {
  return <div className="min-h-dvh" aria-busy="true" />
}

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
                  : { path: child.path, Component: PagePending },
            ),
          },
  )
}

/** The markup of `#root` for a path: the whole page for static pages, else the layout around a placeholder. */
export async function render(pathname: string, whole: boolean): Promise<string> {
  const router = createMemoryRouter(whole ? routes : layoutOnly(routes), { initialEntries: [pathname] })
  await router.whenReady()
  if (router.state.error) throw router.state.error.value
  const html = renderToString(<RouterProvider router={router} />)
  router.dispose()
  return html
}
