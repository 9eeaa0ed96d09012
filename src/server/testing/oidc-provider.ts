import { generateKeyPairSync } from 'node:crypto'
import { once } from 'node:events'
import http from 'node:http'
import Provider, { interactionPolicy } from 'oidc-provider'

export type TestAccount = { sub: string; email: string; emailVerified: boolean; name: string }

/**
 * A real OpenID Provider (oidc-provider) on loopback standing in for Google: discovery, JWKS,
 * authorization with PKCE, token, userinfo. Its interaction pages are automated: the first one is
 * the account chooser (prompt=select_account), where the "user" picks `account`; the second grants
 * consent. `prompts` records every prompt the provider was asked for.
 */
export async function startOidcProvider(options: {
  clientId: string
  clientSecret: string
  redirectUri: string
}) {
  let account: TestAccount = {
    sub: 'google-1',
    email: 'gina@gmail.test',
    emailVerified: true,
    name: 'Gina G',
  }
  const accounts = new Map<string, TestAccount>()
  const prompts: string[] = []
  const authorizationRequests: URLSearchParams[] = []
  let provider: Provider | null = null

  const server = http.createServer((req, res) => {
    if (!provider) return res.writeHead(503).end()
    if (req.url?.startsWith('/auth?')) authorizationRequests.push(new URL(req.url, 'http://x').searchParams)
    if (req.url?.startsWith('/interaction/')) return void interact(provider, req, res)
    provider.callback()(req, res)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  const issuer = `http://127.0.0.1:${address.port}`

  const policy = interactionPolicy.base()
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0)
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const found = accounts.get(sub)
      if (!found) return undefined
      return {
        accountId: sub,
        claims: () => ({ sub, email: found.email, email_verified: found.emailVerified, name: found.name }),
      }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ['test-cookie-key-that-is-long-enough'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          use: 'sig',
          alg: 'RS256',
          kid: 'test',
        },
      ],
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  })

  async function interact(p: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      const details = await p.interactionDetails(req, res)
      prompts.push(details.prompt.name)
      const clientId = String(details.params.client_id)
      if (details.prompt.name === 'consent') {
        const grant = new p.Grant({ accountId: details.session?.accountId ?? account.sub, clientId })
        grant.addOIDCScope('openid email profile')
        return await p.interactionFinished(
          req,
          res,
          { consent: { grantId: await grant.save() } },
          {
            mergeWithLastSubmission: true,
          },
        )
      }
      // The account chooser (or a login page): the user picks the current test account.
      accounts.set(account.sub, account)
      return await p.interactionFinished(req, res, {
        select_account: {},
        login: { accountId: account.sub },
      })
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  }

  return {
    issuer,
    prompts,
    authorizationRequests,
    /** The Google account the next sign-in picks. */
    useAccount(next: TestAccount) {
      account = next
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
