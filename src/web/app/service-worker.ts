/**
 * Registers the service worker (/sw.js, written by scripts/pwa.mjs for each build) once the page has
 * loaded, so its precaching never competes with the first load. Production builds only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (private mode, an old browser): the app works as before, online only.
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
