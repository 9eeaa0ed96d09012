import { Eye, EyeOff, TriangleAlert } from 'lucide-react'
import { type InputHTMLAttributes, useId, useState } from 'react'
import { t } from '../i18n/i18n'
import { Alert } from './alert'
import { TextInput } from './text-input'

/** A labelled input. */
export function Field({ label, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <TextInput id={id} {...props} />
    </div>
  )
}

/**
 * A password input with a show/hide toggle, named "Show password" / "Hide password" unless
 * `toggleNames` says which password it is ("Show confirm password").
 */
export function PasswordField({
  label,
  toggleNames,
  ...props
}: { label: string; toggleNames?: { show: string; hide: string } } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type'
>) {
  const id = useId()
  const [visible, setVisible] = useState(false)
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <TextInput
          id={id}
          type={visible ? 'text' : 'password'}
          className="mt-1 w-full pe-11 text-base"
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={
            visible ? (toggleNames?.hide ?? t('Hide password')) : (toggleNames?.show ?? t('Show password'))
          }
          aria-pressed={visible}
          className="absolute inset-y-0 end-0 mt-1 inline-flex w-11 items-center justify-center rounded-e-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-white"
        >
          {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      </div>
    </div>
  )
}

type Change = InputHTMLAttributes<HTMLInputElement>['onChange']

/** The email field of the sign-in, registration and reset-link forms. */
export function EmailField(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name'>) {
  return <Field label={t('Email Address')} type="email" name="email" autoComplete="email" {...props} />
}

/** A new password and its confirmation (registration and password reset). */
export function NewPasswordFields({
  label,
  newPassword = false,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
}: {
  label?: string
  /** The password replaces an old one (the reset page): its toggle says "new password". */
  newPassword?: boolean
  password: string
  confirmPassword: string
  onPassword: Change
  onConfirmPassword: Change
}) {
  return (
    <>
      <PasswordField
        label={label ?? t('Password')}
        toggleNames={newPassword ? { show: t('Show new password'), hide: t('Hide new password') } : undefined}
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={onPassword}
      />
      <PasswordField
        label={t('Confirm Password')}
        toggleNames={{ show: t('Show confirm password'), hide: t('Hide confirm password') }}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={onConfirmPassword}
      />
    </>
  )
}

/** The Alert above a form, shown only while there is a message. */
export function ErrorBox({ message }: { message: string | null }) {
  return message ? (
    <Alert icon={<TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />} className="mb-4">
      {message}
    </Alert>
  ) : null
}
