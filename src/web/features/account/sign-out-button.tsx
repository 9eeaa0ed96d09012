import { LogOut } from 'lucide-react'
import { t } from '../../i18n/i18n'
import { signOut } from '../../state/session-store'
import { Button } from '../../ui/button'

/**
 * "Sign Out", written once for the profile page and the profile view of the sign-in modal.
 * `leave` runs once the server has signed out and before this tab shows it (e.g. leave a page that
 * needs sign-in); `done` runs after. A failure goes to `onError` and changes nothing.
 */
export function SignOutButton({
  leave,
  done,
  onError,
  className,
  size,
}: {
  leave?: () => void
  done?: () => void
  onError: (message: string) => void
  className?: string
  size?: 'sm' | 'md'
}) {
  return (
    <Button
      variant="outline"
      size={size}
      className={className}
      onClick={async () => {
        try {
          await signOut(leave)
          done?.()
        } catch (e) {
          onError((e as Error).message)
        }
      }}
    >
      <LogOut aria-hidden className="size-4" />
      {t('Sign Out')}
    </Button>
  )
}
