// Whirl's service worker. scripts/pwa.mjs prepends VERSION, ASSETS and PAGES for each build.
// Hashed assets: cache first (their names change with their bytes). Pages: network first, so a
// deploy is seen on the next load; the cached copy is used only when the network fails. A page's
// request starts while the worker starts (navigation preload), and its copy is stored after the
// page has its answer, not before.
// The API is never touched: it always goes to the network, and the app says when it is offline.
/* global VERSION, ASSETS, PAGES */
const CACHE = `whirl-${VERSION}`
const assets = new Set(ASSETS)
// Only the fixed pages are kept: never the address of a share or a draw someone visited.
const pages = new Set(PAGES)

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE)
      await cache.addAll(ASSETS)
      await Promise.all(
        PAGES.map(async (page) => {
          const response = await fetch(page, { cache: 'no-cache', credentials: 'same-origin' })
          if (response.ok) await cache.put(page, response)
        }),
      )
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await self.registration.navigationPreload?.enable()
      for (const name of await caches.keys()) {
        if (name.startsWith('whirl-') && name !== CACHE) await caches.delete(name)
      }
      await self.clients.claim()
    })(),
  )
})

const pageKey = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/'

async function page(event) {
  const { request } = event
  const key = pageKey(new URL(request.url).pathname)
  try {
    const response = (await event.preloadResponse) ?? (await fetch(request))
    if (response.ok && !response.redirected && pages.has(key)) {
      const copy = response.clone()
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)))
    }
    return response
  } catch (error) {
    // Offline: the page as last seen, else the home page (the app then routes to the address).
    const cache = await caches.open(CACHE)
    const cached = (await cache.match(key)) ?? (await cache.match('/'))
    if (cached) return cached
    throw error
  }
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: CACHE })
  return cached ?? fetch(request)
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return
  if (request.mode === 'navigate') event.respondWith(page(event))
  else if (assets.has(url.pathname)) event.respondWith(asset(request))
})
