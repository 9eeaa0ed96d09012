import { create } from 'zustand'

export type AuthView = 'login' | 'register'

type AuthModalState = {
  open: boolean
  view: AuthView
  /** A message to show when the modal opens (a Google sign-in that did not complete). */
  notice: string | null
}

/** Whether the sign-in modal is open, and in which mode. It opens in login mode. */
export const useAuthModal = create<AuthModalState>(() => ({ open: false, view: 'login', notice: null }))

export const openAuthModal = (view: AuthView = 'login', notice: string | null = null) =>
  useAuthModal.setState({ open: true, view, notice })
export const closeAuthModal = () => useAuthModal.setState({ open: false, notice: null })
export const switchAuthView = (view: AuthView) => useAuthModal.setState({ view, notice: null })
