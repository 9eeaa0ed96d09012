import { lazy, Suspense } from 'react'
import { useSession } from '../../state/session-store'
import type { DrawSwitchProps } from './draw-switch'

// Loaded only for signed-in users, keeping the wheel page's first load lean for visitors.
const DrawSwitch = lazy(() => import('./draw-switch').then((m) => ({ default: m.DrawSwitch })))

/** The "Verifiable draw" switch under the Spin button, for signed-in users. */
export function VerifiableDrawPanel(props: DrawSwitchProps) {
  const { status } = useSession()
  if (status !== 'signed-in') return null
  return (
    <Suspense fallback={null}>
      <DrawSwitch {...props} />
    </Suspense>
  )
}
