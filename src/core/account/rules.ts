import * as z from 'zod/mini'
import { LOCALES } from '../i18n/locales'
import { storableString } from '../text/schema'

/**
 * The account rules shared by the sign-in modal, the reset page and the server (spec §5): the same
 * checks in the same order with the same messages on both sides. The server checks every rule the
 * client does, plus the limits the spec leaves open (valid email, password length, name length).
 */

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const DISPLAY_NAME_MAX = 50
export const EMAIL_MAX = 254

export const ACCOUNT_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  displayNameControl: 'Display name cannot contain control characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long`,
  passwordsDoNotMatch: 'Passwords do not match',
  onlyDisplayName: 'Only the display name can be changed.',
  unreadable: 'The request could not be read. Please check the form and try again.',
} as const

const emailFormat = z.email()
// Control characters (C0, DEL, C1), and the invisible bidi overrides that can disguise a name.
const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u

export const isValidEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX && emailFormat.safeParse(email).success

/** The display-name rule alone (profile edit): null when the trimmed name is acceptable. */
export function displayNameError(displayName: string): string | null {
  const name = displayName.trim()
  if (!name) return ACCOUNT_MESSAGES.displayNameRequired
  if ([...name].length > DISPLAY_NAME_MAX) return ACCOUNT_MESSAGES.displayNameTooLong
  if (CONTROL.test(name)) return ACCOUNT_MESSAGES.displayNameControl
  return null
}

function passwordError(password: string): string | null {
  if (password.length < PASSWORD_MIN) return ACCOUNT_MESSAGES.passwordTooShort
  if (password.length > PASSWORD_MAX) return ACCOUNT_MESSAGES.passwordTooLong
  return null
}

export type LoginFields = { email: string; password: string }
export type RegisterFields = { displayName: string; email: string; password: string; confirmPassword: string }
export type ResetFields = { password: string; confirmPassword: string }

/** Login: both fields required, then a well-formed email. Null when valid. */
export function loginError(fields: LoginFields): string | null {
  const email = fields.email.trim()
  if (!email || !fields.password) return ACCOUNT_MESSAGES.fillAllFields
  if (!isValidEmail(email)) return ACCOUNT_MESSAGES.emailInvalid
  return null
}

/**
 * Register, in the spec's order: display name, email, password length, confirmation. Each field's
 * extra limits follow its own required check. Returns the first problem, null when valid.
 */
export function registerError(fields: RegisterFields): string | null {
  const email = fields.email.trim()
  return (
    displayNameError(fields.displayName) ??
    (!email ? ACCOUNT_MESSAGES.emailRequired : null) ??
    (!isValidEmail(email) ? ACCOUNT_MESSAGES.emailInvalid : null) ??
    passwordError(fields.password) ??
    (fields.password !== fields.confirmPassword ? ACCOUNT_MESSAGES.passwordsDoNotMatch : null)
  )
}

/** Forgot password: an email is required and must be well formed. */
export function forgotPasswordError(email: string): string | null {
  const value = email.trim()
  if (!value) return ACCOUNT_MESSAGES.emailRequired
  if (!isValidEmail(value)) return ACCOUNT_MESSAGES.emailInvalid
  return null
}

/** Reset password: the same password rules as registration. */
export function resetPasswordError(fields: ResetFields): string | null {
  return (
    passwordError(fields.password) ??
    (fields.password !== fields.confirmPassword ? ACCOUNT_MESSAGES.passwordsDoNotMatch : null)
  )
}

/** The part of the email before the @: the display name when none is given. */
export function defaultDisplayName(email: string): string {
  const local = email.split('@')[0] ?? ''
  return local.slice(0, DISPLAY_NAME_MAX) || 'Whirl user'
}

// Request bodies. Strict: an unknown field is refused. The lengths here only bound the work done
// on a hostile body; the product rules above give the messages.
const text = storableString

export const loginRequestSchema = z.strictObject({ email: text(1000), password: text(1000) })
export const registerRequestSchema = z.strictObject({
  displayName: text(1000),
  email: text(1000),
  password: text(1000),
  confirmPassword: text(1000),
})
export const forgotPasswordRequestSchema = z.strictObject({ email: text(1000) })
export const resetPasswordRequestSchema = z.strictObject({
  token: text(200),
  password: text(1000),
  confirmPassword: text(1000),
})
/** A profile change: the display name, the language (of the mails), or both. */
export const profileUpdateSchema = z.strictObject({
  displayName: z.optional(text(1000)),
  locale: z.optional(z.enum(LOCALES)),
})

export type LoginRequest = z.infer<typeof loginRequestSchema>
export type RegisterRequest = z.infer<typeof registerRequestSchema>
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>
