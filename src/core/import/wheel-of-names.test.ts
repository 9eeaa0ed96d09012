import { describe, expect, it } from 'vitest'
import { IMPORT_MESSAGES, parseWheelFile } from '../wheel/import-export'
import { wheelSchema } from '../wheel/schema'
import configWrapper from './fixtures/config-wrapper.json?raw'
import entriesFile from './fixtures/entries.json?raw'
import legacyNames from './fixtures/legacy-names.json?raw'
import savedWheels from './fixtures/saved-wheels.json?raw'
import wheelConfigWrapper from './fixtures/wheelconfig-wrapper.json?raw'
import { htmlText, readLegacyName } from './legacy-names'
import { parseAnyWheelFile } from './wheel-file'

const now = () => Date.parse('2026-11-26T12:00:00Z')

function read(text: string) {
  const result = parseAnyWheelFile(text, now)
  if (!result.ok) throw new Error(result.error)
  expect(wheelSchema.safeParse(result.wheel).success).toBe(true)
  for (const more of result.more ?? []) expect(wheelSchema.safeParse(more).success).toBe(true)
  return result
}

describe('Wheel of Names files', () => {
  it('entries[]: text, picture, colour and weight taken; disabled entries left off and named', () => {
    const { wheel, note, more } = read(entriesFile)
    expect(more).toBeUndefined()
    expect(wheel.name).toBe('Class 4B')
    expect(wheel.items.map((i) => i.text)).toEqual(['Ann', 'Bo', 'Di'])
    const [ann, bo, di] = wheel.items
    expect(ann?.color).toBe('#d50f25')
    expect(ann?.weight).toBe(3)
    expect(bo?.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
    expect(di?.image).toBeUndefined()
    expect(wheel.centerImage).toMatch(/^data:image\/png;base64,/)
    expect(wheel.settings).toMatchObject({
      spinDuration: 5000,
      mode: 'elimination',
      confettiEnabled: false,
      soundEnabled: true,
    })
    expect(note).toContain('Imported from Wheel of Names.')
    expect(note).toContain('1 entry was turned off in Wheel of Names and left off the wheel: Cy.')
    expect(note).toContain('Spin time 10 s set to 5 s: Whirl spins for 1 to 5 s.')
    expect(note).toContain('1 picture was left out')
    expect(note).toMatch(/Not used by Whirl: description, .*colorSettings, .*pageBackgroundColor/)
    expect(note).not.toMatch(/Not used by Whirl:.*\bentries\b/)
  })

  it('legacy names[]: HTML strings give their text and picture, markup dropped', () => {
    const { wheel, note } = read(legacyNames)
    expect(wheel.name).toBe('Old wheel')
    expect(wheel.items.map((i) => i.text)).toEqual(['Ann', 'Bo & Co', 'Cy', 'alert(1) Dee', 'Eve'])
    expect(wheel.items[1]?.image).toMatch(/^data:image\/png;base64,/)
    expect(wheel.items[4]?.image).toBeUndefined()
    // "3" as a string is read, in range: no note on it. Both sounds off: sound off.
    expect(wheel.settings).toMatchObject({ spinDuration: 3000, soundEnabled: false, mode: 'normal' })
    expect(note).not.toContain('Spin time')
    expect(note).toContain('1 picture was left out')
    expect(note).toContain('Not used by Whirl: maxNames.')
  })

  it('{config} wrapper, spin time as a string with a fraction', () => {
    const { wheel, note } = read(configWrapper)
    expect(wheel.name).toBe('Wrapped')
    expect(wheel.items.map((i) => i.text)).toEqual(['Yes', 'No'])
    expect(wheel.settings).toMatchObject({ spinDuration: 2500, confettiEnabled: true })
    expect(note).toBe('Imported from Wheel of Names.')
  })

  it('{wheelConfig} wrapper (a shared wheel): ticks off but cheers on keeps sound on', () => {
    const { wheel, note } = read(wheelConfigWrapper)
    expect(wheel.name).toBe('Shared')
    expect(wheel.items.map((i) => i.text)).toEqual(['Tea', 'Coffee', 'Water'])
    expect(wheel.settings).toMatchObject({ spinDuration: 1000, soundEnabled: true })
    expect(note).toBe('Imported from Wheel of Names. Not used by Whirl: copyable.')
  })

  it('{savedWheels:[…]}: every wheel read, the first one first', () => {
    const { wheel, more, note } = read(savedWheels)
    expect(wheel.name).toBe('Lunch')
    expect(wheel.settings.spinDuration).toBe(4000)
    expect(more?.map((w) => w.name)).toEqual(['Games', 'Teams'])
    expect(more?.[0]?.items.map((i) => i.text)).toEqual(['Chess', 'Go'])
    expect(note).toContain('3 wheels imported from Wheel of Names.')
    const ids = [wheel, ...(more ?? [])].map((w) => w.id)
    expect(new Set(ids).size).toBe(3)
  })

  it('a spin time below our range is raised, and the note says so', () => {
    const { wheel, note } = read(JSON.stringify({ entries: [{ text: 'A' }], spinTime: 0.4 }))
    expect(wheel.settings.spinDuration).toBe(1000)
    expect(note).toContain('Spin time 0.4 s set to 1 s')
  })

  it('our own files are still read as ours, and a file of neither kind is refused', () => {
    const ours = parseAnyWheelFile(JSON.stringify({ name: 'Mine', items: [{ text: 'A' }], entries: [] }), now)
    expect(ours.ok && ours.wheel.name).toBe('Mine')
    expect(parseAnyWheelFile(JSON.stringify({ title: 'x' }), now)).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.badShape,
    })
    expect(parseAnyWheelFile(JSON.stringify({ savedWheels: [] }), now)).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.badShape,
    })
    expect(parseAnyWheelFile('{"entries":', now)).toEqual({ ok: false, error: IMPORT_MESSAGES.notJson })
    // The old entry point still refuses a Wheel of Names file: only the Import button's reader knows both.
    expect(parseWheelFile(entriesFile, now).ok).toBe(false)
  })

  it('hostile entries: prototype keys, huge lists, odd values change nothing outside the wheel', () => {
    const file =
      '{"entries":[{"text":"A","__proto__":{"polluted":1}},{"text":{"x":1}},null,5],"spinTime":"soon"}'
    const { wheel } = read(file)
    expect(wheel.items.map((i) => i.text)).toEqual(['A', 'Item 2', 'Item 3', '5'])
    expect(wheel.settings.spinDuration).toBe(3000)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const many = JSON.stringify({ entries: Array.from({ length: 10_001 }, () => ({ text: 'x' })) })
    expect(parseAnyWheelFile(many, now)).toEqual({ ok: false, error: IMPORT_MESSAGES.tooManyItems(10_001) })
  })
})

describe('legacy names are read without a DOM', () => {
  it('drops markup and decodes entities, never running anything', () => {
    expect(htmlText('<b onclick="x()">Bold</b> &lt;i&gt; &#65;&#x42; &unknown;')).toBe(
      'Bold <i> AB &unknown;',
    )
    expect(readLegacyName("<img alt='' src='data:image/png;base64,AAAA'>Zed")).toEqual({
      text: 'Zed',
      image: 'data:image/png;base64,AAAA',
    })
    expect(readLegacyName('<imgsrc="x">Q')).toEqual({ text: 'Q' })
    expect(readLegacyName(7)).toEqual({ text: '7' })
  })
})
