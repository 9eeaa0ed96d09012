import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { items, openWithWheel } from './wheel-helpers'

// The sandbox payment provider (the default without PayPal settings) and the server's billing test
// clock (BILLING_TEST_CLOCK=1 in the Playwright web server) drive a real subscription end to end.
const PASSWORD = 'wheel-secret-1'
const DAY = 86_400_000
const COLORS = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6']

const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`

/** Registers through the API of the page's own context, so every tab of it is signed in. */
async function register(page: Page, displayName: string): Promise<string> {
  const email = uniqueEmail('billing')
  const response = await page.context().request.post('/api/account/register', {
    data: { displayName, email, password: PASSWORD, confirmPassword: PASSWORD },
  })
  expect(response.status()).toBe(201)
  return email
}

const dialog = (page: Page) => page.getByRole('dialog')
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Wheel' })
const newItem = (page: Page) => page.getByLabel('New item')

/** Subscribe Now on /subscription, through the sandbox approval page. Ends on that page. */
async function toApproval(page: Page) {
  await page.goto('/subscription')
  await expect(page.getByRole('heading', { name: 'Choose the Right Plan for You' })).toBeVisible()
  // The sandbox provider is on (no PayPal settings): every plans and payment page says so.
  await expect(page.getByText('Test mode: payments are simulated')).toBeVisible()
  await page.getByRole('button', { name: 'Subscribe Now' }).click()
  // An address not confirmed yet is first asked to confirm it (the trial); these tests go on without it.
  const withoutTrial = page.getByRole('button', { name: 'Subscribe now without the trial' })
  await expect(withoutTrial.or(page.getByRole('button', { name: 'Approve subscription' }))).toBeVisible()
  if (await withoutTrial.isVisible()) await withoutTrial.click()
  await expect(page).toHaveURL(/\/billing\/sandbox\/approve\?subscription_id=/)
  await expect(page.getByText('Test mode: payments are simulated')).toBeVisible()
  await expect(page.getByText('$6.99 USD / month')).toBeVisible()
}

async function subscribe(page: Page) {
  await toApproval(page)
  await page.getByRole('button', { name: 'Approve subscription' }).click()
  await expect(page).toHaveURL(/\/payment\/success\?subscription_id=[^&]+&token=[^&]+&ba_token=/)
  await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible()
  await expect(page.getByText('Test mode: payments are simulated')).toBeVisible()
}

async function noHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, label).toBeLessThanOrEqual(0)
}

test('subscribe, unlock live in every tab, refresh, cancel, keep premium to the end, then lapse to free @clock billing', async ({
  page,
}) => {
  test.slow()
  await register(page, 'Paying Pat')
  const fifteen = items(
    Array.from({ length: 15 }, (_, i) => `Item ${i + 1}`),
    COLORS,
  )
  await openWithWheel(page, fifteen)
  await expect(page.getByText('Item limit reached')).toBeVisible()
  await expect(saveButton(page)).toBeDisabled()

  // A second tab stays open on the wheel the whole time, never reloaded.
  const other = await page.context().newPage()
  await other.goto('/wheel')
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Test Wheel')
  await expect(saveButton(other)).toBeDisabled()
  await expect(newItem(other)).toBeDisabled()

  await subscribe(page)
  const receipt = page.getByRole('region', { name: 'Subscription Details' })
  await expect(receipt).toContainText('Premium')
  await expect(receipt).toContainText('$6.99')
  await expect(receipt).toContainText('PayPal')
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('subscription') ?? 'null'))
  expect(record).toMatchObject({ isSubscribed: true, plan: 'premium', status: 'active', autoRenew: true })

  // Unlocked live in the other tab: no reload.
  await expect(saveButton(other)).toBeEnabled()
  await expect(newItem(other)).toBeEnabled()
  await expect(other.getByText('Item limit reached')).toBeHidden()

  // A reload of the success page shows the same receipt and activates nothing twice.
  const id = await receipt.getByTestId('receipt-id').textContent()
  const serverProfile = async () => (await (await page.context().request.get('/api/session')).json()).profile
  const activated = await serverProfile()
  expect(activated).toMatchObject({ planType: 'monthly', subscriptionStatus: 'active' })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible()
  await expect(page.getByTestId('receipt-id')).toHaveText(id ?? '')
  // The server did nothing the second time: the same subscription, period end and last change.
  expect(await serverProfile()).toEqual(activated)

  await page.getByRole('link', { name: 'Start Using Now' }).click()
  await expect(page).toHaveURL(/\/wheel$/)
  await newItem(page).fill('Sixteen')
  await newItem(page).press('Enter')
  await expect(page.getByText('Sixteen')).toBeVisible()
  await saveButton(page).click()
  await expect(page.getByText('Saved.')).toBeVisible()

  await page.goto('/profile')
  await expect(page.getByTestId('plan-name')).toHaveText('Premium (Monthly)')
  await expect(page.getByTestId('subscription-status')).toHaveText('Active')
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toBeHidden()
  await page.getByRole('button', { name: 'Refresh Status' }).click()
  await expect(dialog(page)).toContainText('Subscription status updated successfully!')
  await dialog(page).getByRole('button', { name: 'OK' }).click()

  await page.getByRole('button', { name: 'Cancel Subscription' }).click()
  await expect(dialog(page)).toContainText(
    'Are you sure you want to cancel your subscription? This action cannot be undone and you will lose access to premium features.',
  )
  await dialog(page).getByRole('button', { name: 'Cancel Subscription' }).click()
  await expect(dialog(page)).toContainText(
    'Subscription cancelled successfully. You will retain access until the end of your current billing period.',
  )
  await dialog(page).getByRole('button', { name: 'OK' }).click()
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelled')
  await expect(page.getByTestId('cancelled-note')).toContainText('Cancelled — premium until')
  await expect(page.getByTestId('plan-name')).toHaveText('Premium (Monthly)')
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeHidden()
  await expect(saveButton(other)).toBeEnabled()

  // Past the end of the paid period on the server's clock: the plan lapses, live, nothing is deleted.
  const moved = await page.request.post('/api/billing/test/clock', { data: { advanceMs: 32 * DAY } })
  expect(moved.status()).toBe(200)
  await expect(page.getByTestId('plan-name')).toHaveText('Free')
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible()
  await expect(saveButton(other)).toBeDisabled()
  await expect(other.getByText('Item limit reached')).toBeVisible()
  await expect(other.getByText('Sixteen')).toBeVisible()
})

test('Cancel and return on the approval page leads to /payment/cancel, and nothing changes', async ({
  page,
}) => {
  await register(page, 'Careful Cass')
  await toApproval(page)
  await page.getByRole('button', { name: 'Cancel and return' }).click()
  await expect(page).toHaveURL(/\/payment\/cancel/)
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible()
  await expect(page.getByText(/no amount has been charged/)).toBeVisible()
  await expect(page.getByText('Test mode: payments are simulated')).toBeVisible()
  await page.getByRole('link', { name: 'Try Again' }).click()
  await expect(page).toHaveURL(/\/subscription$/)
  await expect(page.getByRole('region', { name: 'Free Plan' }).getByText('Currently Active')).toBeVisible()
})

test('/payment/success without parameters: Incomplete subscription information', async ({ page }) => {
  await page.goto('/payment/success')
  await expect(page.getByRole('heading', { name: 'Subscription Failed' })).toBeVisible()
  await expect(page.getByText('Incomplete subscription information')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/subscription')
})

test('a visitor who presses Subscribe Now signs up first, is told to check the email, and can go on to the approval page without the trial', async ({
  page,
}) => {
  await page.goto('/subscription')
  await page.getByRole('button', { name: 'Subscribe Now' }).click()
  await dialog(page).getByRole('button', { name: 'Sign up' }).click()
  await dialog(page).getByLabel('Display Name').fill('New Nora')
  await dialog(page).getByLabel('Email Address').fill(uniqueEmail('visitor'))
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByLabel('Confirm Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByRole('button', { name: 'Create Account' }).click()
  // A new address is not confirmed yet: the page says so, and going on without the trial is one click.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await page.getByRole('button', { name: 'Subscribe now without the trial' }).click()
  await expect(page).toHaveURL(/\/billing\/sandbox\/approve\?subscription_id=/)
})

test('/test-subscription simulates a monthly plan and clears it', async ({ page }) => {
  await register(page, 'Tester Tess')
  await page.goto('/test-subscription')
  await expect(page.getByTestId('plan-type')).toHaveText('free')
  await page.getByRole('button', { name: 'Simulate Monthly Subscription' }).click()
  await expect(page.getByRole('status')).toContainText('Monthly subscription simulated')
  await expect(page.getByTestId('plan-type')).toHaveText('monthly')
  await expect(page.getByTestId('subscription-status')).toHaveText('active')
  await expect(page.getByTestId('subscription-id')).toHaveText(/^TEST-/)
  await page.getByRole('button', { name: 'Clear Subscription (Free Plan)' }).click()
  await expect(page.getByRole('status')).toContainText('Subscription cleared')
  await expect(page.getByTestId('plan-type')).toHaveText('free')
  await expect(page.getByTestId('subscription-id')).toHaveText('None')
})

for (const theme of ['light', 'dark']) {
  test.describe(`in ${theme} mode at 375 px`, () => {
    test.use({ bypassCSP: true, viewport: { width: 375, height: 800 } })

    const checker = (page: Page) => async (label: string) => {
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
      await noHorizontalOverflow(page, label)
      await expectNoAxeViolations(page, label)
    }

    test('the billing pages of a visitor and a free user fit and pass the WCAG A/AA checks', async ({
      page,
    }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
      const check = checker(page)
      await page.goto('/payment/success')
      await expect(page.getByText('Incomplete subscription information')).toBeVisible()
      await check('/payment/success (incomplete)')
      await page.goto('/payment/cancel')
      await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible()
      await check('/payment/cancel')
      await page.goto('/subscription')
      await expect(page.getByText(/Subscribe Now asks you to sign in/)).toBeVisible()
      await page.getByRole('button', { name: 'Is there a free trial?' }).click()
      await check('/subscription (visitor)')

      await register(page, 'Phone Phil')
      await page.goto('/subscription')
      await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled()
      await check('/subscription (free)')
      await page.goto('/profile')
      await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible()
      await check('/profile (free)')
    })

    test('the billing pages of a subscriber fit and pass the WCAG A/AA checks', async ({ page }) => {
      test.slow()
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
      const check = checker(page)
      await register(page, 'Phone Phoebe')
      await page.goto('/test-subscription')
      await expect(page.getByRole('button', { name: 'Simulate Monthly Subscription' })).toBeVisible()
      await check('/test-subscription')

      await toApproval(page)
      await noHorizontalOverflow(page, 'sandbox approval page')
      await page.getByRole('button', { name: 'Approve subscription' }).click()
      await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible()
      await check('/payment/success (activated)')
      await page.goto('/subscription')
      await expect(page.getByText('Your Premium plan is active.')).toBeVisible()
      await check('/subscription (premium)')
      await page.goto('/profile')
      await page.getByRole('button', { name: 'Cancel Subscription' }).click()
      await expect(dialog(page)).toBeVisible()
      await check('/profile (cancel dialog)')
      await dialog(page).getByRole('button', { name: 'Cancel Subscription' }).click()
      await dialog(page).getByRole('button', { name: 'OK' }).click()
      await expect(page.getByTestId('cancelled-note')).toBeVisible()
      await check('/profile (cancelled)')
    })
  })
}

test('Print Receipt prints the details card alone', async ({ page }) => {
  await register(page, 'Printing Pia')
  await subscribe(page)
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('region', { name: 'Subscription Details' })).toBeVisible()
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Features Unlocked Now' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  await page.evaluate(() => {
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => {
      ;(window as unknown as { printed: number }).printed++
    }
  })
  await page.getByRole('button', { name: 'Print Receipt' }).click()
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
})
