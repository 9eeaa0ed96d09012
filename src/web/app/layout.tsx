import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { SignInModalHost } from '../features/auth/sign-in-modal-host'
import { CookieConsent } from '../features/consent/cookie-consent'
import { AccountButton } from './account-button'
import { Footer } from './footer'
import { Header } from './header'

export function Layout() {
  const location = useLocation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <Header account={<AccountButton />} />
      <main id="main" key={location.pathname} className="page-enter flex-1" data-testid="page">
        <Outlet />
      </main>
      <Footer />
      <CookieConsent />
      <SignInModalHost />
      <ScrollRestoration />
    </div>
  )
}
