import { Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { msg } from '../../core/i18n/message-id'
import { ColorSchemeToggle } from '../features/color-scheme/color-scheme-toggle'
import { t } from '../i18n/i18n'
import { Link, NavLink, useLocation } from '../router'
import { useAuthModal } from '../state/auth-modal-store'
import { Logo } from '../ui/logo'
import { LanguageMenu } from './language-menu'

const NAV = [
  { to: '/', label: msg('Home'), end: true },
  { to: '/wheel', label: msg('Wheel'), end: false },
  { to: '/saved', label: msg('Saved Wheels'), end: false },
]

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
  }`

export function Header({ account }: { account: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()

  // Navigating closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => setMenuOpen(false), [location.pathname])
  // So does opening the sign-in dialog: the menu must not stay open behind it.
  const authOpen = useAuthModal((s) => s.open)
  useEffect(() => {
    if (authOpen) setMenuOpen(false)
  }, [authOpen])

  return (
    <header className="print:hidden sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link
          to="/"
          className="me-auto flex items-center gap-2 text-lg font-bold tracking-tight"
          aria-label={t('Whirl home')}
        >
          <Logo className="size-8" />
          <span>Whirl</span>
        </Link>
        <nav aria-label={t('Main')} className="hidden items-center gap-1 nav:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <div className="hidden nav:block">{account}</div>
        <div className="hidden nav:block">
          <LanguageMenu />
        </div>
        <ColorSchemeToggle />
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-slate-100 nav:hidden dark:hover:bg-slate-800"
          aria-label={menuOpen ? t('Close menu') : t('Open menu')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
        </button>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label={t('Mobile')}
          className="border-t border-slate-200 px-4 pb-4 pt-2 nav:hidden dark:border-slate-800"
        >
          <ul className="flex flex-col gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={(s) => `block ${linkClass(s)}`}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            {account}
            <LanguageMenu />
          </div>
        </nav>
      )}
    </header>
  )
}
