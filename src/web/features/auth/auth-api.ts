import * as z from 'zod/mini'
import {
  type AuthConfig,
  authConfigSchema,
  type LoginFields,
  type Profile,
  profileSchema,
  type RegisterFields,
} from '../../../core/account'

/** A failed account request, with a message fit to show the user. */
export class AuthApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'AuthApiError'
  }
}

const NETWORK_ERROR = 'Could not reach Whirl. Check your connection and try again.'
const UNREADABLE = 'Whirl sent an answer it could not read. Please try again.'

const profileAnswer = z.object({ profile: z.nullable(profileSchema) })
const errorAnswer = z.object({ error: z.string() })

async function request<T>(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  body?: unknown,
): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new AuthApiError(NETWORK_ERROR, 0)
  }
  let json: unknown = null
  try {
    json = await response.json()
  } catch {
    // Handled below: no JSON is an error unless the schema accepts null.
  }
  if (!response.ok) {
    const parsed = errorAnswer.safeParse(json)
    throw new AuthApiError(parsed.success ? parsed.data.error : UNREADABLE, response.status)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new AuthApiError(UNREADABLE, response.status)
  return parsed.data
}

const profileOf = async (answer: Promise<{ profile: Profile | null }>): Promise<Profile> => {
  const { profile } = await answer
  if (!profile) throw new AuthApiError(UNREADABLE, 200)
  return profile
}

export const authApi = {
  /** The signed-in user's profile, or null for a visitor. */
  session: async (): Promise<Profile | null> => (await request('GET', '/api/session', profileAnswer)).profile,
  login: (fields: LoginFields) =>
    profileOf(
      request('POST', '/api/account/login', profileAnswer, {
        email: fields.email.trim(),
        password: fields.password,
      }),
    ),
  register: (fields: RegisterFields) =>
    profileOf(
      request('POST', '/api/account/register', profileAnswer, { ...fields, email: fields.email.trim() }),
    ),
  logout: () => request('POST', '/api/account/logout', z.object({ success: z.boolean() }), {}),
  forgotPassword: (email: string) =>
    request('POST', '/api/account/forgot-password', z.object({ message: z.string() }), {
      email: email.trim(),
    }),
  resetPassword: (token: string, password: string, confirmPassword: string) =>
    profileOf(
      request('POST', '/api/account/reset-password', profileAnswer, { token, password, confirmPassword }),
    ),
  updateDisplayName: (displayName: string) =>
    profileOf(request('PATCH', '/api/profile', profileAnswer, { displayName })),
  config: (): Promise<AuthConfig> => request('GET', '/api/auth-config', authConfigSchema),
  /** Starts Google sign-in; resolves with the provider's address to go to. */
  googleUrl: async (returnTo: string): Promise<string> => {
    const errorUrl = `${returnTo}${returnTo.includes('?') ? '&' : '?'}auth-error=google`
    const { url } = await request('POST', '/api/auth/sign-in/social', z.object({ url: z.string() }), {
      provider: 'google',
      callbackURL: returnTo,
      errorCallbackURL: errorUrl,
    })
    return url
  },
}
