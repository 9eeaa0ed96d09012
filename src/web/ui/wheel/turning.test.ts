import { describe, expect, it, vi } from 'vitest'
import { onWheelTurning, wheelStartsTurning } from './turning'

describe('whether a wheel is turning', () => {
  it('says so when the first wheel starts and when the last one stops, once each', () => {
    const heard: boolean[] = []
    const off = onWheelTurning((turning) => heard.push(turning))
    const first = wheelStartsTurning()
    const second = wheelStartsTurning()
    first()
    first()
    expect(heard).toEqual([true])
    second()
    expect(heard).toEqual([true, false])
    off()
    wheelStartsTurning()()
    expect(heard).toEqual([true, false])
  })
})

describe('a listener that fails', () => {
  it('is reported and does not stop the others or the wheel', () => {
    const heard: boolean[] = []
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const offBroken = onWheelTurning(() => {
      throw new Error('no worker')
    })
    const off = onWheelTurning((turning) => heard.push(turning))
    expect(() => wheelStartsTurning()()).not.toThrow()
    expect(heard).toEqual([true, false])
    expect(error).toHaveBeenCalledTimes(2)
    offBroken()
    off()
    error.mockRestore()
  })
})
