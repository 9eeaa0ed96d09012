import { DrawSwitch, type DrawSwitchProps } from '../../features/draws/draw-switch'
import { GiveawayLaunchers } from '../../features/giveaway/giveaway-launchers'
import { RoomChatEntries } from './room-chat-entries'

/**
 * What a signed-in host has under the Spin button, loaded after the page (never on a visitor's
 * first load): the Verifiable draw switch, then Giveaway and Chat entries (issue 36). In a live
 * room's Go live dialog (`room`), Chat entries alone: one chunk for both, no new one on /wheel.
 */
export default function HostTools(props: DrawSwitchProps | { room: true }) {
  if ('room' in props) return <RoomChatEntries />
  return (
    <>
      <DrawSwitch {...props} />
      <GiveawayLaunchers name={props.name} items={props.items} />
    </>
  )
}
