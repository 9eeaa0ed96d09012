import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { loginError } from '../../../core/account'
import { authApi } from './auth-api'
import { closeAuthModal, switchAuthView } from './auth-modal-store'
import { ErrorBox, Field, PasswordField, primaryButton } from './form-parts'
import { GoogleButton } from './google-button'
import { signedIn } from './session-store'

/** Email and password, 'Forgot your password?', Google, and the switch to registration. */
export function LoginForm({ notice }: { notice: string | null }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(notice)
  const [busy, setBusy] = useState(false)

  const edit = (set: (v: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value)
    setError(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = loginError({ email, password })
    if (problem) return setError(problem)
    setBusy(true)
    try {
      signedIn(await authApi.login({ email, password }))
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
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={edit(setEmail)}
          data-autofocus
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={edit(setPassword)}
        />
        <div className="text-right text-sm">
          <Link
            to="/forgot-password"
            onClick={closeAuthModal}
            className="font-medium text-brand-700 hover:underline dark:text-brand-100"
          >
            Forgot your password?
          </Link>
        </div>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
      <Divider />
      <GoogleButton onError={setError} />
      <p className="mt-5 text-center text-sm text-slate-600 dark:text-slate-300">
        Don&apos;t have an account?{' '}
        <button
          type="button"
          onClick={() => switchAuthView('register')}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
        >
          Sign up
        </button>
      </p>
    </div>
  )
}

export function Divider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      or
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  )
}
