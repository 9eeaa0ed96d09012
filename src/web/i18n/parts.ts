// The catalogue's parts as the production pages load them (scripts/i18n-parts.mjs, decision 0059):
// each chunk of code ends by calling __whirlNeed for the part that holds its messages, in the
// page's language, and every dynamic import resolves through __whirlReady, once the parts asked
// for so far have arrived. The parts are handed to the page's i18n (i18n.ts) as soon as it asks
// for them. Every module with messages imports this one (the build adds the import), so
// __whirlNeed exists before any chunk ends; it imports nothing with messages itself.
import type { Messages } from '@lingui/core'
import { DEFAULT_LOCALE, splitLocalePath } from '../../core/i18n/locales'

type Part = { default: Messages }

const arrived: Messages[] = []
let receiver: ((messages: Messages) => void) | null = null
const loading = new Set<Promise<void>>()

function deliver(messages: Messages): void {
  if (receiver) receiver(messages)
  else arrived.push(messages)
}

/** Loads a part's file, once: its messages go to the page's i18n. One that cannot load is skipped. */
const files = new Map<string, Promise<void>>()
function load(url: string): Promise<void> {
  let done = files.get(url)
  if (done) return done
  done = import(/* @vite-ignore */ url).then(
    (module: Part) => deliver(module.default),
    () => undefined,
  )
  files.set(url, done)
  loading.add(done)
  void done.then(() => loading.delete(done))
  return done
}

/**
 * The prerendered page's parts in one file, in its language (scripts/prerender.mjs): its meta tag
 * says the file and the parts it holds. Read once.
 */
let bundle: { url: string; parts: Set<string> } | null | undefined
function pageBundle() {
  if (bundle === undefined) {
    const [url, ...parts] =
      document.querySelector('meta[name="whirl-parts"]')?.getAttribute('content')?.split(' ') ?? []
    bundle = url ? { url, parts: new Set(parts) } : null
  }
  return bundle
}

/**
 * Loads a part in the page's language (the address says which), from the page's bundle of parts
 * when it is in there. English parts hold only the messages with placeholders: a chunk without any
 * (english 0) needs nothing in English. A part that cannot load leaves its words in English rather
 * than stopping the page.
 */
function need(part: string, english: number): Promise<void> {
  const { locale } = splitLocalePath(window.location.pathname)
  if (locale === DEFAULT_LOCALE && !english) return Promise.resolve()
  const inBundle = pageBundle()
  if (inBundle?.parts.has(part)) return load(inBundle.url)
  return load(`/assets/m/${part}.${locale}.js`)
}

/** Gives the parts that have arrived, and each one that arrives later, to `receive`. */
export function receiveParts(receive: (messages: Messages) => void): void {
  receiver = receive
  for (const messages of arrived.splice(0)) receive(messages)
}

/**
 * Settles once every part asked for so far has arrived. Parts asked for later belong to code
 * loaded later (a lazy dialog, the header's late parts), which waits for its own.
 */
export async function partsLoaded(): Promise<void> {
  await Promise.all(loading)
}

/** A dynamically imported module, once its parts (and any other asked for meanwhile) have arrived. */
function ready<T>(module: T): Promise<T> {
  return partsLoaded().then(() => module)
}

if (typeof window !== 'undefined')
  Object.assign(globalThis, { __whirlNeed: need, __whirlReady: ready } satisfies Record<string, unknown>)

/**
 * Runs `then` once the words of the code run so far have arrived: for a module's top level, whose
 * chunk asks for its own part only after the module has run (at once outside production builds).
 */
export function afterParts(then: () => void): void {
  queueMicrotask(() => void partsLoaded().then(then))
}
