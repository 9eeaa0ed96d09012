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

// While a page's wheel turns, the install waits between files: a first visit's spin started while
// the build was being precached lost a frame now and then (a frame over 20 ms in 5 of 56 spins at
// 1,000 items, none of 56 with the worker blocked; 2 cores). A page that goes away mid-spin holds
// the install no longer than a spin can last (at most 5 s).
const LONGEST_PAUSE_MS = 6_000
let pause = null
let endPause = () => {}
self.addEventListener('message', (event) => {
  if (event.data === 'wheel-turning' && !pause) {
    const timer = setTimeout(() => endPause(), LONGEST_PAUSE_MS)
    pause = new Promise((resolve) => {
      endPause = () => {
        clearTimeout(timer)
        pause = null
        resolve()
      }
    })
  } else if (event.data === 'wheel-still') endPause()
})

/**
 * Stores `urls` a few at a time, each as it arrives, waiting whenever a wheel turns. Any failure
 * fails the install, as `cache.addAll` did: a worker never starts with half its files.
 */
async function precache(cache, urls, atOnce) {
  let next = 0
  const worker = async () => {
    while (next < urls.length) {
      while (pause) await pause
      const url = urls[next++]
      const response = await fetch(url, { credentials: 'same-origin' })
      if (!response.ok) throw new Error(`${url}: ${response.status}`)
      await cache.put(url, response)
    }
  }
  await Promise.all(Array.from({ length: atOnce }, worker))
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE)
      await precache(cache, ASSETS, 6)
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
