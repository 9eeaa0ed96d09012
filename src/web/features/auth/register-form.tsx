import { type FormEvent, useState } from 'react'
import { DISPLAY_NAME_MAX, type RegisterFields, registerError } from '../../../core/account'
import { authApi } from './auth-api'
import { closeAuthModal, switchAuthView } from './auth-modal-store'
import { ErrorBox, Field, PasswordField, primaryButton } from './form-parts'
import { GoogleButton } from './google-button'
import { Divider } from './login-form'
import { signedIn } from './session-store'

const EMPTY: RegisterFields = { displayName: '', email: '', password: '', confirmPassword: '' }

/** Display name, email, password twice; checked in the spec's order before anything is sent. */
export function RegisterForm() {
  const [fields, setFields] = useState<RegisterFields>(EMPTY)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const edit = (name: keyof RegisterFields) => (event: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: event.target.value }))
    setError(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = registerError(fields)
    if (problem) return setError(problem)
    setBusy(true)
    try {
      signedIn(await authApi.register(fields))
      closeAuthModal()
    } catch (e) {
      setError((e as Error).message)
      setBusy(false)
    }
  }

  return (
    <div>
      <ErrorBox message={error} />
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field
          label="Display Name"
          name="displayName"
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX * 2}
          value={fields.displayName}
          onChange={edit('displayName')}
          data-autofocus
        />
        <Field
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          value={fields.email}
          onChange={edit('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={edit('password')}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={edit('confirmPassword')}
        />
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <Divider />
      <GoogleButton onError={setError} />
      <p className="mt-5 text-center text-sm text-slate-600 dark:text-slate-300">
        Already have an account?{' '}
        <button
          type="button"
          onClick={() => switchAuthView('login')}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
        >
          Sign in
        </button>
      </p>
    </div>
  )
}
