import { describe, expect, it } from 'vitest'
import { createDefaultWheel } from './model'
import { saveWheel } from './operations'
import { asNewWheel, isRenamedSavedWheel } from './save-choice'

describe('Save as new', () => {
  it('asks only for a saved wheel that was renamed', () => {
    const { saved, wheel } = saveWheel([], { ...createDefaultWheel(), name: 'Class 5B' })
    expect(isRenamedSavedWheel(wheel, saved)).toBe(false)
    expect(isRenamedSavedWheel({ ...wheel, name: 'Class 6A' }, saved)).toBe(true)
    expect(isRenamedSavedWheel({ ...wheel, id: null, name: 'Class 6A' }, saved)).toBe(false)
  })

  it('saving as new keeps the original and adds a second wheel', () => {
    const first = saveWheel([], { ...createDefaultWheel(), name: 'Class 5B' })
    const renamed = { ...first.wheel, name: 'Class 6A' }
    const second = saveWheel(first.saved, asNewWheel(renamed), new Date(Date.now() + 5))
    expect(second.saved.map((w) => w.name)).toEqual(['Class 5B', 'Class 6A'])
    expect(second.wheel.id).not.toBe(first.wheel.id)
  })
})
