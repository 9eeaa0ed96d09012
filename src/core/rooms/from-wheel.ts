import { DEFAULT_WHEEL_NAME, type Wheel } from '../wheel/model'
import type { RoomWheel } from './protocol'

/** The part of the host's wheel a room mirrors (items, colours, weights, name, mode, spin time). */
export const roomWheelOf = (wheel: Wheel): RoomWheel => ({
  name: wheel.name.trim() || DEFAULT_WHEEL_NAME,
  items: wheel.items,
  mode: wheel.settings.mode,
  spinDuration: wheel.settings.spinDuration,
  ...(wheel.tally && Object.keys(wheel.tally).length > 0 ? { tally: wheel.tally } : {}),
})

/** The links of a room: Watch, Screen, and the host's secret Remote (its secret after #, never sent to the server in a request line). */
export const roomLinks = (origin: string, code: string, remoteSecret: string) => ({
  watch: `${origin}/live/${code}`,
  screen: `${origin}/live/${code}/screen`,
  remote: `${origin}/live/${code}/remote#${remoteSecret}`,
})
