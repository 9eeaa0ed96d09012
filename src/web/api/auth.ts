import * as z from 'zod/mini'
import { type AuthConfig, authConfigSchema } from '../../core/account/profile'
import type { LoginFields, RegisterFields } from '../../core/account/rules'
import { profileAnswer, profileOf, accountRequest as request } from './session'

export const authApi = {
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
