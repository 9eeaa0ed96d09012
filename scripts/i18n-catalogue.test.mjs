import { describe, expect, it } from 'vitest'
import { compiledMessages, messageGroups } from './i18n-catalogue.mjs'

describe('the web catalogue', () => {
  it("leaves out the server's own messages", () => {
    const groups = messageGroups(
      new Map([
        ['Privacy Policy', new Set(['src/web/features/marketing/privacy-page.tsx'])],
        ['Spin', new Set(['src/server/mail/x.ts', 'src/web/features/wheel/spin.tsx'])],
        ['Sign-in link', new Set(['src/server/mail/x.ts'])],
      ]),
    )
    expect(Object.fromEntries(groups)).toEqual({
      'Privacy Policy': 'web',
      Spin: 'web',
      'Sign-in link': 'server',
    })
  })

  it('compiles the messages asked for, English only those with placeholders', () => {
    const spanish = compiledMessages('es', (m) => m === 'Spin' || m === 'Privacy Policy')
    expect(Object.values(spanish).flat().sort()).toEqual(['Girar', 'Política de privacidad'])
    expect(compiledMessages('en', (m) => m === 'Spin')).toEqual({})
  })
})
