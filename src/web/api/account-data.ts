import * as z from 'zod/mini'
import { STORAGE_STORES } from '../../core/account/storage'
import { msg } from '../../core/i18n/message-id'
import { request } from './client'

const UNREADABLE = msg('Whirl sent an answer it could not read. Please try again.')

/** Where "Download my data" points: the server answers with one JSON file to save. */
export const ACCOUNT_DATA_URL = '/api/account/data'

const usageSchema = z.object({
  usedBytes: z.number(),
  quotaBytes: z.number(),
  stores: z.object(
    Object.fromEntries(STORAGE_STORES.map((store) => [store, z.number()])) as Record<
      (typeof STORAGE_STORES)[number],
      z.ZodMiniNumber
    >,
  ),
})

export const accountDataApi = {
  /** What the account stores against its quota, per store. */
  usage: () =>
    request('/api/profile/usage', {
      schema: usageSchema,
      failure: msg('How much your account stores could not be loaded.'),
      unreadable: { empty: UNREADABLE, invalid: UNREADABLE },
    }),
  /** Deletes the signed-in account; the password is left out for an account that only uses Google. */
  deleteAccount: (password: string) =>
    request('/api/account/delete', {
      method: 'POST',
      body: password ? { password } : {},
      schema: z.object({ message: z.string() }),
      failure: msg('Your account could not be deleted. Please try again.'),
      unreadable: { empty: UNREADABLE, invalid: UNREADABLE },
    }),
}
