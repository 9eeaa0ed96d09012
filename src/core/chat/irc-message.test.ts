import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeTagValue, formatIrcMessage, ircLines, parseIrcMessage, unescapeTagValue } from './irc-message'

describe('parseIrcMessage', () => {
  it('reads a Twitch PRIVMSG with tags, as documented', () => {
    const line =
      '@badge-info=;badges=subscriber/12,vip/1;color=#0000FF;display-name=Zoë\\sK;mod=0;subscriber=1;user-id=1234;tmi-sent-ts=1642696567751 :zoek!zoek@zoek.tmi.twitch.tv PRIVMSG #streamer :!join'
    expect(parseIrcMessage(line)).toEqual({
      tags: {
        'badge-info': '',
        badges: 'subscriber/12,vip/1',
        color: '#0000FF',
        'display-name': 'Zoë K',
        mod: '0',
        subscriber: '1',
        'user-id': '1234',
        'tmi-sent-ts': '1642696567751',
      },
      prefix: 'zoek!zoek@zoek.tmi.twitch.tv',
      command: 'PRIVMSG',
      params: ['#streamer', '!join'],
    })
  })

  it('reads PING, RECONNECT, NOTICE, numerics and a trailing parameter with colons and spaces', () => {
    expect(parseIrcMessage('PING :tmi.twitch.tv')).toMatchObject({
      command: 'PING',
      params: ['tmi.twitch.tv'],
    })
    expect(parseIrcMessage(':tmi.twitch.tv RECONNECT')).toMatchObject({ command: 'RECONNECT', params: [] })
    expect(
      parseIrcMessage(
        '@msg-id=msg_channel_suspended :tmi.twitch.tv NOTICE #gone :This channel does not exist or has been suspended.',
      ),
    ).toMatchObject({
      tags: { 'msg-id': 'msg_channel_suspended' },
      command: 'NOTICE',
      params: ['#gone', 'This channel does not exist or has been suspended.'],
    })
    expect(parseIrcMessage(':tmi.twitch.tv 001 justinfan123 :Welcome, GLHF!')).toMatchObject({
      command: '001',
    })
    expect(parseIrcMessage(':a PRIVMSG #c :: hi : there')?.params).toEqual(['#c', ': hi : there'])
  })

  it('answers null for lines without a command, never throwing', () => {
    for (const line of ['', '@a=b', ':prefix', '@a=b :prefix', '   ', ':x 12', 'PRIV-MSG x'])
      expect(parseIrcMessage(line)).toBeNull()
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (line) => {
        const parsed = parseIrcMessage(line)
        expect(parsed === null || /^([A-Z]+|\d{3})$/.test(parsed.command)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('splits a frame of several CRLF lines', () => {
    expect(ircLines('PING :a\r\n:b RECONNECT\r\n')).toEqual(['PING :a', ':b RECONNECT'])
  })
})

describe('tag values (property tests)', () => {
  it('unescape what escape wrote, for any text (hostile names, emoji, RTL)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (text) => {
        expect(unescapeTagValue(escapeTagValue(text))).toBe(text)
        expect(escapeTagValue(text)).not.toMatch(/[; \r\n]/)
      }),
    )
    expect(unescapeTagValue('a\\')).toBe('a')
    expect(unescapeTagValue('\\b')).toBe('b')
  })

  it('a message written and read back is the same message', () => {
    const word = fc.stringMatching(/^[^\s:@][^\s]{0,10}$/)
    const key = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/)
    const message = fc.record({
      tags: fc.dictionary(key, fc.string({ maxLength: 20 }), { maxKeys: 5 }),
      prefix: fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z]{1,8}![a-z]{1,8}@[a-z.]{1,12}$/)),
      command: fc.constantFrom('PRIVMSG', 'NOTICE', 'PING', 'JOIN', '001'),
      params: fc
        .tuple(
          fc.array(word, { maxLength: 3 }),
          fc.string({ maxLength: 30 }).filter((t) => !/[\r\n]/.test(t)),
        )
        .map(([middle, trailing]) => [...middle, trailing]),
    })
    fc.assert(
      fc.property(message, (m) => {
        expect(parseIrcMessage(formatIrcMessage(m))).toEqual(m)
      }),
      { numRuns: 500 },
    )
  })
})
