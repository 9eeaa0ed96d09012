import { useEffect, useRef } from 'react'
import { Modal } from '../../ui/modal'
import { closeAuthModal, useAuthModal } from './auth-modal-store'
import { LoginForm } from './login-form'
import { ProfileView } from './profile-view'
import { RegisterForm } from './register-form'
import { useSession } from './session-store'

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

/** The sign-in modal: login ⇄ register, or the profile view when signed in. */
export function SignInModal() {
  const { view, notice } = useAuthModal()
  const { status, profile } = useSession()
  const body = useRef<HTMLDivElement>(null)
  const firstView = useRef(true)
  const title = profile ? 'Your Profile' : view === 'login' ? 'Sign In' : 'Create Account'

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
    <Modal title={title} onClose={closeAuthModal}>
      <div ref={body}>
        {status === 'signed-in' && profile ? (
          <ProfileView profile={profile} />
        ) : view === 'login' ? (
          <LoginForm key="login" notice={notice} />
        ) : (
          <RegisterForm key="register" />
        )}
      </div>
    </Modal>
  )
}
