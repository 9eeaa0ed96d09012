import { describe, expect, it } from 'vitest'
import {
  clampSpinDuration,
  clampToRange,
  clampWheelSize,
  createDefaultWheel,
  createId,
  createItem,
  DEFAULT_SETTINGS,
  MAX_ITEM_TEXT,
  PALETTE,
  SPIN_DURATION,
  WHEEL_SIZE,
} from './model'

describe('defaults', () => {
  it('the default wheel is My Wheel with Option 1–6 in the six colours and default settings', () => {
    const wheel = createDefaultWheel()
    expect(wheel.name).toBe('My Wheel')
    expect(wheel.id).toBeNull()
    expect(wheel.items.map((i) => [i.text, i.color])).toEqual([
      ['Option 1', '#ef4444'],
      ['Option 2', '#f97316'],
      ['Option 3', '#eab308'],
      ['Option 4', '#22c55e'],
      ['Option 5', '#3b82f6'],
      ['Option 6', '#8b5cf6'],
    ])
    expect(new Set(wheel.items.map((i) => i.id)).size).toBe(6)
    expect(wheel.settings).toEqual({
      spinDuration: 3000,
      soundEnabled: true,
      confettiEnabled: true,
      wheelSize: 300,
      mode: 'normal',
    })
  })

  it('each default wheel has its own settings object', () => {
    const a = createDefaultWheel()
    a.settings.wheelSize = 500
    expect(createDefaultWheel().settings.wheelSize).toBe(300)
    expect(DEFAULT_SETTINGS.wheelSize).toBe(300)
  })

  it('has the palette of ten and the slider ranges of the spec', () => {
    expect(PALETTE).toEqual([
      '#ef4444',
      '#f97316',
      '#eab308',
      '#22c55e',
      '#06b6d4',
      '#3b82f6',
      '#8b5cf6',
      '#ec4899',
      '#f43f5e',
      '#84cc16',
    ])
    expect(SPIN_DURATION).toEqual({ min: 1000, max: 5000, step: 100, default: 3000 })
    expect(WHEEL_SIZE).toEqual({ min: 200, max: 500, step: 10, default: 300 })
  })
})

describe('createItem', () => {
  it('defaults to New Item in #3b82f6', () => {
    expect(createItem()).toMatchObject({ text: 'New Item', color: '#3b82f6' })
    expect(createItem('   ')).toMatchObject({ text: 'New Item', color: '#3b82f6' })
    expect(createItem('  Pizza  ', '#ff0000')).toMatchObject({ text: 'Pizza', color: '#ff0000' })
    expect(createItem('x'.repeat(500)).text).toHaveLength(MAX_ITEM_TEXT)
  })

  it('takes its id from the injected clock', () => {
    expect(createItem('a', undefined, () => 4_102_444_800_000).id).toBe('4102444800000')
  })
})

describe('createId', () => {
  it('is unique in a tight loop, within one millisecond and on the real clock', () => {
    const frozen = () => 4_102_444_900_000
    const ids = Array.from({ length: 10_000 }, () => createId(frozen))
    expect(new Set(ids).size).toBe(10_000)
    expect(ids[0]).toBe('4102444900000')
    expect(ids[1]).toBe('4102444900000-1')
    expect(new Set(Array.from({ length: 10_000 }, () => createItem().id)).size).toBe(10_000)
  })

  it('stays unique when the clock goes back or returns nonsense', () => {
    const times = [4_102_445_000_000, 4_102_445_000_005, 4_102_445_000_000, Number.NaN, 4_102_445_000_005]
    const ids = times.map((t) => createId(() => t))
    expect(new Set(ids).size).toBe(times.length)
    expect(createId(() => 4_102_445_000_006)).toBe('4102445000006')
  })
})

describe('clamping the sliders', () => {
  it('clamps to the range and snaps to the step', () => {
    expect(clampToRange(50, SPIN_DURATION)).toBe(1000)
    expect(clampToRange(99_999, SPIN_DURATION)).toBe(5000)
    expect(clampSpinDuration(3049)).toBe(3000)
    expect(clampSpinDuration(3051)).toBe(3100)
    expect(clampSpinDuration('2500')).toBe(2500)
    expect(clampWheelSize(333)).toBe(330)
    expect(clampWheelSize(-1e308)).toBe(200)
    expect(clampWheelSize(1e308)).toBe(500)
  })

  it('gives the default for what is not a number', () => {
    for (const bad of ['x', '', Number.NaN, Number.POSITIVE_INFINITY, null, undefined, {}, [], true])
      expect(clampWheelSize(bad)).toBe(300)
  })

  it('always lands on a step inside the range', () => {
    for (let v = -500; v < 6000; v += 7.3) {
      const d = clampSpinDuration(v)
      expect(d >= 1000 && d <= 5000 && (d - 1000) % 100 === 0).toBe(true)
      const s = clampWheelSize(v / 10)
      expect(s >= 200 && s <= 500 && (s - 200) % 10 === 0).toBe(true)
    }
  })
})
