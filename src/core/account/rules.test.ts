import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_MESSAGES,
  defaultDisplayName,
  displayNameError,
  forgotPasswordError,
  loginError,
  profileUpdateSchema,
  registerError,
  registerRequestSchema,
  resetPasswordError,
} from './rules'

const valid = {
  displayName: 'Ada',
  email: 'ada@example.com',
  password: 'secret12',
  confirmPassword: 'secret12',
}

describe('registerError', () => {
  it('accepts a valid registration', () => {
    expect(registerError(valid)).toBeNull()
  })

  it('checks in the spec order with the exact messages', () => {
    const allBad = { displayName: '   ', email: '', password: '123', confirmPassword: 'x' }
    expect(registerError(allBad)).toBe('Display name is required')
    expect(registerError({ ...allBad, displayName: 'Ada' })).toBe('Email is required')
    expect(registerError({ ...allBad, displayName: 'Ada', email: 'ada@example.com' })).toBe(
      'Password must be at least 8 characters long',
    )
    expect(registerError({ ...valid, confirmPassword: 'secret22' })).toBe('Passwords do not match')
    expect(registerError({ ...valid, password: 'secret1', confirmPassword: 'secret1' })).toBe(
      'Password must be at least 8 characters long',
    )
  })

  it('adds the server limits after each field’s required check', () => {
    expect(registerError({ ...valid, displayName: 'x'.repeat(51) })).toBe(
      'Display name must be at most 50 characters',
    )
    expect(registerError({ ...valid, displayName: 'x'.repeat(50) })).toBeNull()
    expect(registerError({ ...valid, displayName: 'A\u0007da' })).toBe(
      'Display name cannot contain control characters',
    )
    expect(registerError({ ...valid, displayName: 'evil\u202Eeman' })).toBe(
      'Display name cannot contain control characters',
    )
    expect(registerError({ ...valid, email: 'ada@example' })).toBe('Please enter a valid email address')
    expect(registerError({ ...valid, email: `${'a'.repeat(250)}@x.io` })).toBe(
      'Please enter a valid email address',
    )
    const long = 'p'.repeat(129)
    expect(registerError({ ...valid, password: long, confirmPassword: long })).toBe(
      'Password must be at most 128 characters long',
    )
    const max = 'p'.repeat(128)
    expect(registerError({ ...valid, password: max, confirmPassword: max })).toBeNull()
  })

  it('counts a name by characters, so 50 emoji are fine', () => {
    expect(displayNameError('😀'.repeat(50))).toBeNull()
    expect(displayNameError('😀'.repeat(51))).toBe(ACCOUNT_MESSAGES.displayNameTooLong)
  })

  it('never accepts a blank name, whatever the whitespace', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\n\r\u00a0]*$/), (blank) => {
        expect(registerError({ ...valid, displayName: blank })).toBe('Display name is required')
      }),
    )
  })
})

describe('loginError', () => {
  it('needs both fields, then a valid email', () => {
    expect(loginError({ email: '', password: 'x' })).toBe('Please fill in all fields')
    expect(loginError({ email: 'ada@example.com', password: '' })).toBe('Please fill in all fields')
    expect(loginError({ email: '  ', password: 'x' })).toBe('Please fill in all fields')
    expect(loginError({ email: 'ada', password: 'x' })).toBe('Please enter a valid email address')
    expect(loginError({ email: 'ada@example.com', password: 'x' })).toBeNull()
  })
})

describe('forgot and reset', () => {
  it('forgot password needs a valid email', () => {
    expect(forgotPasswordError('')).toBe('Email is required')
    expect(forgotPasswordError('nope')).toBe('Please enter a valid email address')
    expect(forgotPasswordError(' ada@example.com ')).toBeNull()
  })

  it('reset uses the registration password rules', () => {
    expect(resetPasswordError({ password: '12345', confirmPassword: '12345' })).toBe(
      'Password must be at least 8 characters long',
    )
    expect(resetPasswordError({ password: '12345678', confirmPassword: '123456789' })).toBe(
      'Passwords do not match',
    )
    expect(resetPasswordError({ password: '12345678', confirmPassword: '12345678' })).toBeNull()
  })
})

describe('defaultDisplayName', () => {
  it('is the part of the email before the @', () => {
    expect(defaultDisplayName('ada.lovelace@example.com')).toBe('ada.lovelace')
  })
})

describe('request schemas', () => {
  it('refuse unknown fields', () => {
    expect(registerRequestSchema.safeParse({ ...valid, planType: 'monthly' }).success).toBe(false)
    expect(profileUpdateSchema.safeParse({ displayName: 'Ada', planType: 'monthly' }).success).toBe(false)
    expect(profileUpdateSchema.safeParse({ displayName: 'Ada' }).success).toBe(true)
    expect(profileUpdateSchema.safeParse({ displayName: 7 }).success).toBe(false)
  })
})
