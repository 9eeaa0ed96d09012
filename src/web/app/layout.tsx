import { lazy, Suspense, useRef } from 'react'
import { ConsentHost } from '../features/consent/consent-host'
import { t } from '../i18n/i18n'
import { Outlet, ScrollRestoration, useLocation } from '../router'
import { NoticeBanner } from '../ui/notice-banner'
import { Footer } from './footer'
import { Header } from './header'

// Accounts load in parallel with the page, not before it: the first paint needs none of their code.
const AccountButton = lazy(() => import('./account-button').then((m) => ({ default: m.AccountButton })))
const SignInModalHost = lazy(() =>
  import('./sign-in-modal-host').then((m) => ({ default: m.SignInModalHost })),
)

const accountPlaceholder = (
  <span aria-hidden className="inline-block h-9 w-20 rounded-lg bg-slate-200 dark:bg-slate-800" />
)

export function Layout() {
  const location = useLocation()
  // Pages slide in on navigation, not on the first load: an animation there would only delay the
  // first paint of the content (and hide it from Largest Contentful Paint).
  const firstKey = useRef(location.key)
  const enter = location.key === firstKey.current ? '' : 'page-enter '
  // The cookie notice comes after the page's screen-high frame: on a phone it is a bar that takes
  // its own room at the end (sticky at the bottom while the page scrolls), so nothing moves when
  // it appears and the page can always be scrolled clear of it.
  return (
    <>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 dark:focus:bg-slate-900"
        >
          {t('Skip to content')}
        </a>
        <Header
          account={
            <Suspense fallback={accountPlaceholder}>
              <AccountButton />
            </Suspense>
          }
        />
        <NoticeBanner />
        <main id="main" key={location.pathname} className={`${enter}flex-1`} data-testid="page">
          <Outlet />
        </main>
        <Footer />
        <Suspense fallback={null}>
          <SignInModalHost />
        </Suspense>
        <ScrollRestoration />
      </div>
      <ConsentHost />
    </>
  )
}
