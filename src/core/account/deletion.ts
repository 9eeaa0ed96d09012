import * as z from 'zod/mini'
import { storableString } from '../text/schema'

/** What "Delete my account" sends: the password, or nothing for an account that only uses Google. */
export const deleteAccountRequestSchema = z.strictObject({
  password: z.optional(storableString(1000)),
})
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>

/** A fresh Google sign-in is one made this recently. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000

export const DELETION_MESSAGES = {
  unreadable: 'The request could not be read. Please try again.',
  passwordNeeded: 'Enter your password to delete your account.',
  wrongPassword: 'That password is not correct. Your account was not deleted.',
  googleAgain: 'For your safety, sign in with Google again, then delete your account within 10 minutes.',
  cancelFailed:
    'We could not cancel your subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.',
  paymentInFlight:
    'A payment is still being processed, so your account was not deleted. Try again in a few minutes.',
  deleted: 'Your account and its data have been deleted. A confirmation has been sent to your email.',
} as const
