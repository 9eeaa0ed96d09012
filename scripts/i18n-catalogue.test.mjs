import { describe, expect, it } from 'vitest'
import { messageGroups } from './i18n-catalogue.mjs'

describe('catalogue parts', () => {
  it("puts a message used only by the static pages in 'pages', anything the home page shows in 'main'", () => {
    const groups = messageGroups(
      new Map([
        ['Privacy Policy', new Set(['src/web/features/marketing/privacy-page.tsx'])],
        ['Provably fair', new Set(['src/web/features/marketing/home-sections.tsx'])],
        ['Spin', new Set(['src/web/features/marketing/about-page.tsx', 'src/web/features/wheel/spin.tsx'])],
      ]),
    )
    expect(Object.fromEntries(groups)).toEqual({
      'Privacy Policy': 'pages',
      'Provably fair': 'main',
      Spin: 'main',
    })
  })
})
