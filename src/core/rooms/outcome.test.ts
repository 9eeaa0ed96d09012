import { describe, expect, it } from 'vitest'
import { afterSpin, withoutItem } from './outcome'
import type { RoomWheel } from './protocol'

const wheel = (mode: RoomWheel['mode']): RoomWheel => ({
  name: 'Class',
  mode,
  spinDuration: 3000,
  items: [
    { id: 'a', text: 'Ann', color: '#ef4444' },
    { id: 'b', text: 'Bo', color: '#3b82f6' },
  ],
})

describe('a spin’s outcome on the room’s wheel', () => {
  it('elimination removes the winner, but never the last item', () => {
    const once = afterSpin(wheel('elimination'), 1)
    expect(once.items.map((i) => i.text)).toEqual(['Ann'])
    expect(afterSpin(once, 0).items.map((i) => i.text)).toEqual(['Ann'])
  })

  it('accumulation counts each win once; normal changes nothing', () => {
    const twice = afterSpin(afterSpin(wheel('accumulation'), 0), 0)
    expect(twice.tally).toEqual({ a: 2 })
    expect(withoutItem(twice, 'a').tally).toEqual({})
    expect(afterSpin(wheel('normal'), 1)).toEqual(wheel('normal'))
    expect(afterSpin(wheel('normal'), 7)).toEqual(wheel('normal'))
  })
})
