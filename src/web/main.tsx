import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { pageTable } from './app/page-table'
import { registerServiceWorker } from './app/service-worker'
import { loadLocale } from './i18n/i18n'
import { pageLocale } from './i18n/page-locale'
import { partsLoaded } from './i18n/parts'
import { createBrowserRouter, type Router, RouterProvider } from './router'
import { whenStoredStateReadable } from './state/stored-reader'
import './styles.css'

const page = pageLocale()

// Every page asks who is signed in (the header's account button): ask now, while the page's code
// loads, rather than after its first render.
if (page) void import('./state/session-store').then((m) => m.startSession())

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

function render(container: HTMLElement, router: Router) {
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
// render, so it waits until the router has loaded the page's code and the page's language the
// words of that code: otherwise the prerendered page would give way to an empty placeholder, or
// to English, for a moment.
//
// Where the browser stored a wheel, the code that reads it back loads before the page's code runs
// (the wheel store reads it as it is created); a first visit has none and does not wait.
if (page) {
  const messages = loadLocale(page.locale)
  void whenStoredStateReadable()
    .then(() => {
      const router = createBrowserRouter(pageTable, { basename: page.basename })
      return Promise.all([messages, router.whenReady()]).then(() => router)
    })
    .then((router) => partsLoaded().then(() => render(root, router)))
  registerServiceWorker()
}
