import { lazy, Suspense } from 'react'
import { VerifiableDrawPanel } from '../../features/draws/verifiable-draw-panel'
import { GiveawayLaunchers } from '../../features/giveaway/giveaway-launchers'
import type { SpinPanelSlots } from '../../features/wheel/spin-panel'

// Verifiable draws sit under the Spin button and in the winner modal (its link loads with the modal).
const VerifyThisDraw = lazy(() =>
  import('../../features/draws/verify-this-draw').then((m) => ({ default: m.VerifyThisDraw })),
)
export const DRAW_SLOTS: SpinPanelSlots = {
  belowSpin: (wheel) => (
    <>
      <VerifiableDrawPanel {...wheel} />
      <GiveawayLaunchers name={wheel.name} items={wheel.items} />
    </>
  ),
  inWinnerModal: (
    <Suspense fallback={null}>
      <VerifyThisDraw />
    </Suspense>
  ),
}
