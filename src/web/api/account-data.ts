import * as z from 'zod/mini'
import { request } from './client'

const UNREADABLE = 'Whirl sent an answer it could not read. Please try again.'

/** Where "Download my data" points: the server answers with one JSON file to save. */
export const ACCOUNT_DATA_URL = '/api/account/data'

export const accountDataApi = {
  /** Deletes the signed-in account; the password is left out for an account that only uses Google. */
  deleteAccount: (password: string) =>
    request('/api/account/delete', {
      method: 'POST',
      body: password ? { password } : {},
      schema: z.object({ message: z.string() }),
      failure: 'Your account could not be deleted. Please try again.',
      unreadable: { empty: UNREADABLE, invalid: UNREADABLE },
    }),
}
