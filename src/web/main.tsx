import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { pageTable } from './app/page-table'
import { registerServiceWorker } from './app/service-worker'
import { createBrowserRouter, RouterProvider } from './router'
import './styles.css'

// Every page asks who is signed in (the header's account button): ask now, while the page's code
// loads, rather than after its first render.
void import('./state/session-store').then((m) => m.startSession())

const router = createBrowserRouter(pageTable)
const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

function render(container: HTMLElement) {
  // The first render runs as a transition, so React yields to the browser every few milliseconds
  // instead of blocking the main thread for the whole page (Total Blocking Time on slow phones).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
  })
}

// The page arrives prerendered (scripts/prerender.mjs). React replaces that markup on its first
// render, so it waits until the router has loaded the page's code: otherwise the prerendered page
// would give way to an empty placeholder for a moment.
if (router.state.initialized) render(root)
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return
    unsubscribe()
    render(root)
  })
}
registerServiceWorker()
