import { describe, expect, it } from 'vitest'
import configWrapper from '../../../core/import/fixtures/config-wrapper.json?raw'
import entriesFile from '../../../core/import/fixtures/entries.json?raw'
import legacyNames from '../../../core/import/fixtures/legacy-names.json?raw'
import savedWheels from '../../../core/import/fixtures/saved-wheels.json?raw'
import { parseAnyWheelFile } from '../../../core/import/wheel-file'
import { importNote } from './import-wheel-button'

// The note of a Wheel of Names import, shown in the page's language, reads in English exactly as
// core's English note: the two are built side by side and must not drift apart.
describe('the Wheel of Names import note in English', () => {
  const manyOff = JSON.stringify({
    entries: Array.from({ length: 9 }, (_, i) => ({ text: `N${i}`, enabled: i > 6 ? true : i === 0 })),
    spinTime: 0.4,
    mystery: 1,
  })
  for (const [name, file] of [
    ['entries', entriesFile],
    ['legacy names', legacyNames],
    ['a config wrapper', configWrapper],
    ['several saved wheels', savedWheels],
    ['six entries turned off', manyOff],
  ] as const)
    it(name, () => {
      const result = parseAnyWheelFile(file)
      if (!result.ok) throw new Error(result.error)
      expect(result.noteText).toBeDefined()
      expect(importNote(result.noteText ?? [])).toBe(result.note)
    })
})
