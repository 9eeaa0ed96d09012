// The local-storage keys of the wheel store, apart from its schemas: the cookie notice's Decline
// removes what they hold on any page, without loading the code that reads them.

/** The one local-storage key of the wheel store. */
export const STORE_KEY = 'whirl-wheel-store'
/** Where the page keeps a stored value that could not be taken over whole, so nothing is lost. */
export const BACKUP_KEY = 'whirl-wheel-store-backup'
/**
 * Saved wheels a page was left with before the browser's database had them, one key per tab: this
 * prefix and the tab's own id (web/state/saved-wheels-journal.ts).
 */
export const SAVED_PENDING_PREFIX = 'whirl-saved-pending-'
/** The local-storage keys, among `keys`, of saved wheels pages were left with. */
export const savedPendingKeys = (keys: Iterable<string>): string[] =>
  [...keys].filter((key) => key.startsWith(SAVED_PENDING_PREFIX))
/** The browser database (IndexedDB) of the saved wheels: a first visit checks it exists before loading its code. */
export const SAVED_WHEELS_DB = 'whirl'
/**
 * Light or dark mode (web/features/color-scheme). The key is still "theme", its name from before
 * wheel palettes were called themes: renaming it would forget every visitor's choice, and the
 * script in index.html reads it before the first paint.
 */
export const COLOR_SCHEME_KEY = 'theme'
/** The language the visitor chose in the language menu (functional storage: it is what they asked for). */
export const LOCALE_KEY = 'whirl-language'
