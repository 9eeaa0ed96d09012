// Whirl in each of its ten languages (issue 38): the main pages, the sign-in dialog, a shared
// wheel and a server's error message speak the page's language; the language menu switches and
// remembers; Arabic is right to left, mirrored, and spins a wheel of mixed Arabic and English.
// Translations are read from the catalogue (locale-helpers.ts `tr`): only English is written here.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { LOCALE_INFO, LOCALES, type Locale } from '../src/core/i18n/locales'
import { expectNoAxeViolations } from './axe'
import { at, createShare, expectLanguage, openWheelAt, tr } from './locale-helpers'
import { registerPremium } from './premium-helpers'
import { items, storedWheelState } from './wheel-helpers'

const SHARED_NAME = 'Picnic picker'
const SHARED_ITEMS = ['Apples', 'Bananas', 'Cherries']
let shared = ''

test.beforeAll(async () => {
  shared = await createShare(SHARED_NAME, SHARED_ITEMS)
})

/** Chooses a language in the header's menu ("Language": a <select>, or a button opening a list). */
async function chooseLanguage(page: Page, current: Locale, target: Locale): Promise<void> {
  const menu = page.getByRole('banner').getByLabel(tr(current, 'Language'), { exact: true })
  const name = LOCALE_INFO[target].name
  await expect(menu).toBeVisible()
  if (await menu.evaluate((el) => el.tagName === 'SELECT')) {
    await menu.selectOption({ label: name })
    return
  }
  await menu.click()
  await page
    .getByRole('menuitemradio', { name, exact: true })
    .or(page.getByRole('menuitem', { name, exact: true }))
    .or(page.getByRole('option', { name, exact: true }))
    .or(page.getByRole('link', { name, exact: true }))
    .first()
    .click()
}

for (const locale of LOCALES) {
  test(`${LOCALE_INFO[locale].name} (${locale}): pages, sign-in, a shared wheel and an error`, async ({
    page,
  }) => {
    // Five pages and a sign-in on the server: more than one page's usual time.
    test.setTimeout(60_000)
    const say = (english: string) => tr(locale, english)
    const heading = page.getByRole('heading', { level: 1 })
    const nav = page.getByRole('banner')
    // What a page shows is checked softly, so one run lists every page still in English; the
    // steps that click go last.
    const check = expect.soft

    await page.goto(at(locale, '/'))
    await expectLanguage(page, locale)
    await check(heading).toHaveText(say('Spin the wheel. Get a fair winner.'))
    await check(nav.getByRole('link', { name: say('Wheel'), exact: true })).toBeVisible()
    await check(nav.getByRole('link', { name: say('Whirl home') })).toBeVisible()

    await page.goto(at(locale, '/wheel'))
    await expectLanguage(page, locale)
    await check(page.getByRole('button', { name: say('Spin'), exact: true })).toBeVisible()
    await check(page.getByRole('tab', { name: say('Customize') })).toBeVisible()
    // A first visit's wheel is named and filled in the page's language (then it is the user's own).
    const option = (n: number) => say('Option {number}').replace('{number}', String(n))
    await check(heading).toHaveText(say('My Wheel'))
    for (const n of [1, 6])
      await check(
        page.getByRole('button', { name: say('Edit {item}').replace('{item}', option(n)) }),
      ).toBeVisible()

    await page.goto(at(locale, '/subscription'))
    await expectLanguage(page, locale)
    await check(heading).toHaveText(say('Subscription Plans'))

    // A shared wheel: the page speaks the visitor's language, the wheel's own words stay as written.
    await page.goto(at(locale, shared))
    await expectLanguage(page, locale)
    await check(heading).toHaveText(SHARED_NAME)
    await check(page.getByRole('button', { name: say('Make a copy') })).toBeVisible()
    await check(page.getByRole('button', { name: say('Spin'), exact: true })).toBeVisible()

    // A bad sign-in: the dialog, and the server's answer, in the page's language.
    await nav.getByRole('button', { name: say('Sign In'), exact: true }).click({ timeout: 5000 })
    const dialog = page.getByRole('dialog', { name: say('Sign In') })
    await dialog.locator('input[type=email]').fill(`nobody-${locale}-${Date.now()}@example.com`)
    await dialog.locator('input[type=password]').fill('not-the-password-1')
    await dialog.getByRole('button', { name: say('Sign In'), exact: true }).click()
    await expect(dialog.getByRole('alert')).toContainText(
      say('The email or password is not correct. Please try again.'),
    )
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })
}

test('a first visit’s wheel in Japanese is stored only once changed, and then keeps its Japanese words', async ({
  page,
}) => {
  const option = (n: number) => tr('ja', 'Option {number}').replace('{number}', String(n))
  await page.goto(at('ja', '/wheel'))
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(tr('ja', 'My Wheel'))
  await expect(
    page.getByRole('button', { name: tr('ja', 'Edit {item}').replace('{item}', option(1)) }),
  ).toBeVisible()
  // Shown in the page's language, not yet written: nothing the user did is stored.
  expect(await storedWheelState(page)).toEqual({})

  const field = page.getByLabel(tr('ja', 'New item'), { exact: true })
  await field.fill('Gus')
  await field.press('Enter')
  await expect.poll(async () => (await storedWheelState(page)).currentWheel?.items.length).toBe(7)
  const stored = (await storedWheelState(page)) as unknown as {
    currentWheel: { name: string; items: { text: string }[] }
  }
  expect(stored.currentWheel.name).toBe(tr('ja', 'My Wheel'))
  expect(stored.currentWheel.items.map((item) => item.text)).toEqual(
    [1, 2, 3, 4, 5, 6].map(option).concat('Gus'),
  )
  // From then on they are the user's own words, whatever the page's language.
  await page.goto('/wheel')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ja', 'My Wheel'))
})

test.describe('with a browser that asks for French', () => {
  test.use({ locale: 'fr-FR' })

  test('the language menu switches the page and remembers the choice over the browser’s', async ({
    page,
  }) => {
    // A first visit follows the browser's language.
    await page.goto('/wheel')
    await expect(page).toHaveURL(/\/fr\/wheel$/)
    await expectLanguage(page, 'fr')

    await chooseLanguage(page, 'fr', 'es')
    await expect(page).toHaveURL(/\/es\/wheel$/)
    await expectLanguage(page, 'es')
    await expect(page.getByRole('button', { name: tr('es', 'Spin'), exact: true })).toBeVisible()
    // A bare address now opens in the chosen language, not the browser's, also after a reload.
    await page.goto('/subscription')
    await expect(page).toHaveURL(/\/es\/subscription$/)
    await page.reload()
    await expect(page).toHaveURL(/\/es\/subscription$/)
    await expectLanguage(page, 'es')

    // Choosing English is remembered too: bare addresses stay English.
    await chooseLanguage(page, 'es', 'en')
    await expect(page).toHaveURL(/:\d+\/subscription$/)
    await expectLanguage(page, 'en')
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spin the wheel. Get a fair winner.')
    await expect(page).toHaveURL(/:\d+\/$/)
    await expectLanguage(page, 'en')
  })
})

for (const locale of ['ar', 'ja'] as const) {
  test(`the home page and /wheel pass the WCAG A/AA checks in ${LOCALE_INFO[locale].name}`, async ({
    page,
  }) => {
    await page.goto(at(locale, '/'))
    await expectLanguage(page, locale)
    await expectNoAxeViolations(page, `${locale} /`)
    await page.goto(at(locale, '/wheel'))
    await expect(page.getByRole('button', { name: tr(locale, 'Spin'), exact: true })).toBeVisible()
    await expectNoAxeViolations(page, `${locale} /wheel`)
  })
}

test('in Arabic the layout is mirrored and a wheel of Arabic and English names spins to a winner', async ({
  page,
}) => {
  const width = page.viewportSize()?.width ?? 1280
  const logo = (locale: Locale) =>
    page.getByRole('banner').getByRole('link', { name: tr(locale, 'Whirl home') })

  await page.goto('/')
  // The app replaces the prerendered header when it starts: read the box once it stands.
  // The box is taken in the same poll that sees it: a second read can fall between the two headers.
  const box = async (locale: Locale) => {
    let found: Awaited<ReturnType<Locator['boundingBox']>> = null
    await expect
      .poll(async () => {
        found = await logo(locale).boundingBox()
        return found !== null
      })
      .toBe(true)
    return found as Awaited<ReturnType<Locator['boundingBox']>>
  }
  const ltr = await box('en')
  expect(ltr, 'the English logo').not.toBeNull()
  expect((ltr?.x ?? 0) + (ltr?.width ?? 0) / 2, 'the logo is on the left in English').toBeLessThan(width / 2)

  const texts = ['علي', 'Ali Khan', 'سارة Sarah']
  await openWheelAt(page, at('ar', '/wheel'), 'عجلة الأسماء', items(texts, ['#dc2626', '#16a34a', '#2563eb']))
  await expectLanguage(page, 'ar')
  const rtl = await box('ar')
  expect(rtl, 'the Arabic logo').not.toBeNull()
  // Mirrored: the logo sits at the right edge, where English has it at the left.
  expect((rtl?.x ?? 0) + (rtl?.width ?? 0) / 2, 'the logo is on the right in Arabic').toBeGreaterThan(
    width / 2,
  )
  expect(Math.abs(width - ((rtl?.x ?? 0) + (rtl?.width ?? 0)) - (ltr?.x ?? 0))).toBeLessThanOrEqual(24)

  await page.getByRole('button', { name: tr('ar', 'Spin'), exact: true }).click()
  const winner = page.getByRole('dialog', { name: tr('ar', 'We have a winner!') })
  await expect(winner).toBeVisible({ timeout: 8000 })
  const name = (await winner.getByTestId('winner-text').textContent())?.trim()
  expect(texts, `winner "${name}"`).toContain(name)
})

/**
 * Where the first of each of `chars` is drawn in the element's text (its left edge, px), the text
 * read across the element's descendants: the order the reader sees, whatever the order stored.
 */
function drawnAt(element: Locator, chars: string[]): Promise<number[]> {
  return element.evaluate((root, wanted) => {
    const texts: Text[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text)
    return wanted.map((ch) => {
      const text = texts.find((node) => node.data.includes(ch))
      if (!text) return Number.NaN
      const range = document.createRange()
      range.setStart(text, text.data.indexOf(ch))
      range.setEnd(text, text.data.indexOf(ch) + 1)
      return range.getBoundingClientRect().left
    })
  }, chars)
}

test('in Arabic the plans’ prices keep “US$” whole, drawn left to right beside the amount', async ({
  page,
}) => {
  await page.goto(at('ar', '/subscription'))
  await expectLanguage(page, 'ar')
  const price = page.locator('main span.text-4xl', { hasText: '6.99' }).first()
  await expect(price).toBeVisible()
  // "U", "S" and "$" from left to right, the amount to their right (Arabic reads the amount
  // first). Unisolated, the "$" was drawn left of "US".
  const [u, s, dollar, amount] = await drawnAt(price, ['U', 'S', '$', '6'])
  expect(u, 'U before S').toBeLessThan(s ?? 0)
  expect(s, 'S before $').toBeLessThan(dollar ?? 0)
  expect(dollar, 'the amount to the right of US$').toBeLessThan(amount ?? 0)
})

test('in Arabic an English name ending in punctuation reads as typed, in the heading and the list', async ({
  page,
}) => {
  await openWheelAt(page, at('ar', '/wheel'), 'Game night?', items(['Pizza!', 'علي'], ['#dc2626', '#16a34a']))
  await expectLanguage(page, 'ar')
  // The mark stays at the end of its own words, right of them, as in English. Unisolated, the
  // right-to-left page drew "?Game night" and "!Pizza".
  const heading = page.getByRole('heading', { level: 1, name: 'Game night?' })
  const [g, question] = await drawnAt(heading, ['G', '?'])
  expect(g, 'the heading’s “?” right of its words').toBeLessThan(question ?? 0)
  const row = page.getByTestId('item-row').filter({ hasText: 'Pizza!' })
  const [p, bang] = await drawnAt(row, ['P', '!'])
  expect(p, 'the item’s “!” right of its word').toBeLessThan(bang ?? 0)
  // The tab's title isolates the name too (the tab strip lays it out in the page's direction).
  await expect(page).toHaveTitle(tr('ar', '{title} · Whirl').replace('{title}', '\u2068Game night?\u2069'))
})

// "Imported “…”." with a name that ends in a mark, written in the other direction than the page:
// the mark stays at the end of the name's own words (right of "Pizza", left of the Arabic word).
// Unisolated, each page's direction pulled it to the other side.
const MIXED_NAMES = [
  { locale: 'ar', name: 'Pizza!', first: 'P', endsLeft: false },
  { locale: 'en', name: 'علي!', first: 'ع', endsLeft: true },
] as const
for (const { locale, name, first, endsLeft } of MIXED_NAMES) {
  test(`in ${LOCALE_INFO[locale].name} a wheel named “${name}” inside a sentence keeps its mark at its end`, async ({
    page,
  }) => {
    await registerPremium(page, 'Rania')
    await page.goto(at(locale, '/saved'))
    await expectLanguage(page, locale)
    await page.getByTestId('import-file').setInputFiles({
      name: 'names.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ name, items: [{ text: 'Margherita' }, { text: 'Funghi' }] })),
    })
    const note = page.getByRole('status').filter({ hasText: name })
    await expect(note).toBeVisible()
    const [letter, bang] = await drawnAt(note, [first, '!'])
    if (endsLeft) expect(bang, 'the “!” left of the Arabic word, at its end').toBeLessThan(letter ?? 0)
    else expect(letter, 'the “!” right of the word, at its end').toBeLessThan(bang ?? 0)
  })
}

// What people type takes its own direction (dir="auto"), and an empty field follows the page, so
// its placeholder starts where the page's language starts.
const TYPED = [
  { locale: 'ar', typed: 'Pizza', empty: 'rtl', filled: 'ltr' },
  { locale: 'en', typed: 'علي', empty: 'ltr', filled: 'rtl' },
] as const
for (const { locale, typed, empty, filled } of TYPED) {
  test(`in ${LOCALE_INFO[locale].name} the new item field reads “${typed}” ${filled === 'rtl' ? 'right to left' : 'left to right'}`, async ({
    page,
  }) => {
    await openWheelAt(page, at(locale, '/wheel'), 'Lunch', items(['Soup', 'Salad'], ['#dc2626', '#2563eb']))
    await expectLanguage(page, locale)
    const field = page.getByLabel(tr(locale, 'New item'), { exact: true })
    const direction = () => field.evaluate((el) => (el.matches(':dir(rtl)') ? 'rtl' : 'ltr'))
    await expect.poll(direction, { message: 'the empty field follows the page' }).toBe(empty)
    await field.fill(typed)
    await expect.poll(direction, { message: 'the typed text keeps its own direction' }).toBe(filled)
    await field.press('Enter')
    await expect(page.getByTestId('item-row').filter({ hasText: typed })).toBeVisible()
  })
}
