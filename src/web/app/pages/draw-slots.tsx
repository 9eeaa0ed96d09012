import { lazy, memo, Suspense } from 'react'
import type { DrawSwitchProps } from '../../features/draws/draw-switch'
import type { SpinPanelSlots } from '../../features/wheel/spin-panel'
import { useSession } from '../../state/session-store'

// Verifiable draws sit under the Spin button and in the winner modal (its link loads with the modal).
const VerifyThisDraw = lazy(() =>
  import('../../features/draws/verify-this-draw').then((m) => ({ default: m.VerifyThisDraw })),
)
// Loaded only for signed-in users (and a room's host), keeping the wheel page's first load lean.
export const HostTools = lazy(() => import('./host-tools'))

/**
 * The Verifiable draw switch, Giveaway and Chat entries under the Spin button, for signed-in users.
 * A memo: a spin's start renders the panel around it with the same wheel.
 */
const SignedInTools = memo(function SignedInTools(props: DrawSwitchProps) {
  const { status } = useSession()
  if (status !== 'signed-in') return null
  return (
    <Suspense fallback={null}>
      <HostTools {...props} />
    </Suspense>
  )
})

export const DRAW_SLOTS: SpinPanelSlots = {
  belowSpin: (wheel) => <SignedInTools {...wheel} />,
  inWinnerModal: (
    <Suspense fallback={null}>
      <VerifyThisDraw />
    </Suspense>
  ),
}
