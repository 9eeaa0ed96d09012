import type { Wheel } from '../../../core/wheel/model'
import { GoLiveButton } from '../../features/rooms/go-live-button'
import { ShareButton } from '../../features/share/share-button'
import { HostTools } from './draw-slots'

/**
 * /wheel's ways to show the wheel to others: Share (a link) and Go live (a room, issue 35), whose
 * host can take chat entrants onto the room's wheel (issue 36; HostTools loads with the open room).
 */
export function ShareActions({ wheel, className }: { wheel: Wheel; className: string }) {
  return (
    <>
      <ShareButton wheel={wheel} className={className} />
      <GoLiveButton wheel={wheel} className={className} extras={<HostTools room />} />
    </>
  )
}
