/**
 * Imports the wheel store as a page's start does (main.tsx): where the browser holds a stored
 * wheel state, the code that reads it loads first. Call after vi.resetModules() for a fresh page.
 */
export async function importWheelStore() {
  await (await import('../state/stored-reader')).whenStoredStateReadable()
  return import('../state/wheel-store')
}
