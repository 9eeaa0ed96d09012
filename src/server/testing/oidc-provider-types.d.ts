// The small part of oidc-provider (a certified OpenID Provider, used only in tests) that the
// Google sign-in test drives. The package ships no types.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type InteractionDetails = {
    uid: string
    prompt: { name: string; reasons: string[] }
    params: Record<string, unknown>
    session?: { accountId?: string }
  }

  export type Account = { accountId: string; claims(): Record<string, unknown> }

  class Prompt {
    constructor(options: { name: string; requestable?: boolean }, ...checks: unknown[])
    name: string
  }

  type Policy = Prompt[] & { add(prompt: Prompt, index?: number): void }

  export const interactionPolicy: { Prompt: typeof Prompt; base(): Policy }

  class Grant {
    constructor(options: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    Grant: typeof Grant
    on(event: string, listener: (...args: unknown[]) => void): void
  }
}
