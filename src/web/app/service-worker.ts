import { onWheelTurning } from '../ui/wheel/turning'

/**
 * Registers the service worker (/sw.js, written by scripts/pwa.mjs for each build) once the page has
 * loaded, so its precaching never competes with the first load, and tells it while it installs when
 * a wheel turns, so it never competes with a spin either. Production builds only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js').then(
      (registration) => {
        // While it installs, the worker waits between files whenever a wheel here is turning.
        // (A browser that blocks workers, as the tests' does, may answer with no registration.)
        const off = onWheelTurning((turning) =>
          registration?.installing?.postMessage(turning ? 'wheel-turning' : 'wheel-still'),
        )
        void navigator.serviceWorker.ready.then(off)
      },
      () => {
        // No worker (private mode, an old browser): the app works as before, online only.
      },
    )
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
