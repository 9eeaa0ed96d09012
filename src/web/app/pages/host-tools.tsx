import { DrawSwitch, type DrawSwitchProps } from '../../features/draws/draw-switch'
import { GiveawayLaunchers } from '../../features/giveaway/giveaway-launchers'

/**
 * What a signed-in host has under the Spin button, loaded after the page (never on a visitor's
 * first load): the Verifiable draw switch, then Giveaway and Chat entries (issue 36).
 */
export default function HostTools(props: DrawSwitchProps) {
  return (
    <>
      <DrawSwitch {...props} />
      <GiveawayLaunchers name={props.name} items={props.items} />
    </>
  )
}
