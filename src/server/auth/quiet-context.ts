import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * better-auth keeps its request state, endpoint context and transaction in AsyncLocalStorage. On
 * Node 20 an enabled AsyncLocalStorage turns on async_hooks' promise hook for the whole process,
 * and it stays on: once anyone had signed in, every promise of every request (profile reads,
 * sync, payments) paid for it, though better-auth is called on a small share of requests.
 * Measured in issue 12's load mix: 105 µs of server CPU per request with it on, 84 µs with it off
 * (docs/decisions/0023-async-context-off-between-sign-ins.md).
 *
 * So calls into better-auth are counted, and when none is in flight its storages are disabled.
 * Its next call enables them again: `run` does so by itself. A storage is never disabled while a
 * call is under way, so no call loses its context. better-auth awaits all of its own work within a
 * call (no background-task handler is configured), so nothing of it runs after the call returns.
 */

/** The storages better-auth made (they live on its global context object). */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for('better-auth:global')
  ]
  return Object.values(global?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  )
}

export type QuietContext = {
  /** Runs `fn` as a call in flight: the storages stay enabled until every such call ends. */
  run<R>(fn: () => Promise<R>): Promise<R>
  /** Calls in flight now. */
  inFlight(): number
  /** Disables the storages when no call is in flight (for example once start-up work ended). */
  settle(): void
}

export function createQuietContext(
  storages: () => AsyncLocalStorage<unknown>[] = betterAuthStorages,
): QuietContext {
  let inFlight = 0
  const settle = () => {
    if (inFlight > 0) return
    for (const storage of storages()) storage.disable()
  }
  return {
    async run(fn) {
      inFlight += 1
      try {
        return await fn()
      } finally {
        inFlight -= 1
        settle()
      }
    },
    inFlight: () => inFlight,
    settle,
  }
}

type AuthLike = {
  handler: (request: Request) => Promise<Response>
  api: object
  $context: Promise<unknown>
}

/**
 * The same auth object, each of whose entry points (`handler`, `fetch` and every `api` endpoint)
 * counts as a call (an endpoint keeps its own properties: it is wrapped in a Proxy).
 */
export function quietBetweenCalls<T extends AuthLike>(
  auth: T,
  quiet: QuietContext = createQuietContext(),
): T {
  const handler = (request: Request) => quiet.run(() => auth.handler(request))
  const api = Object.fromEntries(
    Object.entries(auth.api).map(([name, endpoint]) => [
      name,
      typeof endpoint === 'function'
        ? new Proxy(endpoint, {
            apply: (target, thisArg, args) => quiet.run(async () => Reflect.apply(target, thisArg, args)),
          })
        : endpoint,
    ]),
  )
  // Start-up work (better-auth's context) may have enabled them already.
  void auth.$context.then(quiet.settle, () => {})
  return { ...auth, handler, fetch: handler, api } as T
}
