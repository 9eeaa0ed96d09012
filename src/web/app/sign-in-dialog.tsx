import { ProfileView } from '../features/account/profile-view'
import { SignInModal } from '../features/auth/sign-in-modal'

/** The sign-in modal with the account feature's profile view for a signed-in user (loaded on first use). */
export function SignInDialog() {
  return <SignInModal profileView={(profile) => <ProfileView profile={profile} />} />
}
