import { type ReactNode, useEffect, useRef } from 'react'
import type { Profile } from '../../../core/account/profile'
import { t } from '../../i18n/i18n'
import { closeAuthModal, useAuthModal } from '../../state/auth-modal-store'
import { useSession } from '../../state/session-store'
import { Dialog } from '../../ui/dialog'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

/**
 * After the modal closes, focus goes back to the button that opened it. When that button is gone
 * (signing in replaces the header's Sign In button, or the guard's panel), the header's account
 * link takes the focus instead of leaving it nowhere.
 */
function focusAccountIfLost() {
  const active = document.activeElement
  if (active && active !== document.body) return
  const visible = (el: HTMLElement) =>
    typeof el.checkVisibility === 'function' ? el.checkVisibility() : true
  const links = [...document.querySelectorAll<HTMLElement>('[data-testid="account-name"]')]
  links.find(visible)?.focus()
}

/**
 * The sign-in modal: login ⇄ register, or, when signed in, the profile view the app passes in
 * (it belongs to the account feature).
 */
export function SignInModal({ profileView }: { profileView: (profile: Profile) => ReactNode }) {
  const { view, notice } = useAuthModal()
  const { status, profile } = useSession()
  const body = useRef<HTMLDivElement>(null)
  const firstView = useRef(true)
  const title = profile ? t('Your Profile') : view === 'login' ? t('Sign In') : t('Create Account')

  // Switching between login and register puts the focus on the new form's first field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false
      return
    }
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [view])

  useEffect(() => () => queueMicrotask(focusAccountIfLost), [])

  return (
    <Dialog title={title} onClose={closeAuthModal}>
      <div ref={body}>
        {status === 'signed-in' && profile ? (
          profileView(profile)
        ) : view === 'login' ? (
          <LoginForm key="login" notice={notice} />
        ) : (
          <RegisterForm key="register" />
        )}
      </div>
    </Dialog>
  )
}
