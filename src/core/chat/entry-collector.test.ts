import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEntryCollector, DEFAULT_FILTERS } from './entry-collector'
import { type IrcMessage, parseIrcMessage } from './irc-message'

const chat = (userId: string, name: string, text: string, badges = ''): IrcMessage => ({
  tags: { 'user-id': userId, 'display-name': name, badges },
  prefix: `${name.toLowerCase()}!x@x.tmi.twitch.tv`,
  command: 'PRIVMSG',
  params: ['#streamer', text],
})

describe('the entry collector', () => {
  it('adds each chatter once by user id, on the whole keyword in any case, only while open', () => {
    const entries = createEntryCollector()
    expect(entries.receive(chat('1', 'Early', '!join'))).toBe(false)
    entries.openEntries()
    expect(entries.receive(chat('1', 'Ann', '!JOIN'))).toBe(true)
    expect(entries.receive(chat('1', 'AnnRenamed', '!join'))).toBe(false)
    expect(entries.receive(chat('2', 'Bo', '  !Join \u{E0000}'))).toBe(true)
    expect(entries.receive(chat('3', 'Cy', '!join please'))).toBe(false)
    expect(entries.receive(chat('4', 'Di', 'I !join'))).toBe(false)
    expect(entries.receive({ ...chat('5', 'Ed', '!join'), command: 'NOTICE' })).toBe(false)
    entries.closeEntries()
    expect(entries.receive(chat('6', 'Late', '!join'))).toBe(false)
    expect(entries.entrants).toEqual([
      { userId: '1', name: 'Ann' },
      { userId: '2', name: 'Bo' },
    ])
  })

  it('keeps only badge holders when a filter is on, and stops at the maximum', () => {
    const entries = createEntryCollector({ ...DEFAULT_FILTERS, subscribers: true, maxEntrants: 2 })
    entries.openEntries()
    entries.receive(chat('1', 'Plain', '!join'))
    entries.receive(chat('2', 'Sub', '!join', 'subscriber/3'))
    entries.receive(chat('3', 'Vip', '!join', 'vip/1'))
    entries.receive(chat('4', 'Founder', '!join', 'founder/0,premium/1'))
    entries.receive(chat('5', 'Sub2', '!join', 'subscriber/1'))
    expect(entries.entrants.map((e) => e.name)).toEqual(['Sub', 'Founder'])

    const staff = createEntryCollector({ ...DEFAULT_FILTERS, moderators: true, vips: true })
    staff.openEntries()
    for (const [id, badges] of [
      ['1', 'moderator/1'],
      ['2', 'vip/1'],
      ['3', 'broadcaster/1'],
      ['4', 'subscriber/1'],
    ])
      staff.receive(chat(id as string, `U${id}`, '!join', badges))
    expect(staff.entrants.map((e) => e.userId)).toEqual(['1', '2', '3'])
  })

  it('keeps names literal and lets the host remove an entrant', () => {
    const entries = createEntryCollector({ ...DEFAULT_FILTERS, keyword: '!Ticket' })
    entries.openEntries()
    const line = '@user-id=9;display-name=<img\\ssrc=x>\\s\u202Eevil :e!e@e PRIVMSG #s :!ticket'
    entries.receive(parseIrcMessage(line) as IrcMessage)
    expect(entries.entrants).toEqual([{ userId: '9', name: '<img src=x> \u202Eevil' }])
    entries.remove('9')
    expect(entries.entrants).toEqual([])
  })

  it('holds each user id at most once whatever the chat (property)', () => {
    const message = fc.record({
      id: fc.integer({ min: 1, max: 20 }),
      text: fc.constantFrom('!join', '!JOIN', 'hi', '!join x'),
    })
    fc.assert(
      fc.property(fc.array(message, { maxLength: 200 }), (messages) => {
        const entries = createEntryCollector()
        entries.openEntries()
        for (const m of messages) entries.receive(chat(String(m.id), `n${m.id}`, m.text))
        const ids = entries.entrants.map((e) => e.userId)
        expect(new Set(ids).size).toBe(ids.length)
        const expected = new Set(
          messages.filter((m) => m.text.toLowerCase() === '!join').map((m) => String(m.id)),
        )
        expect(new Set(ids)).toEqual(expected)
      }),
    )
  })
})
