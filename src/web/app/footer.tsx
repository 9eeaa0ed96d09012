import { msg } from '../../core/i18n/message-id'
import { t } from '../i18n/i18n'
import { Link } from '../router'
import { supportEmail } from '../state/site-config'
import { LanguageMenu } from './language-menu'

const QUICK = [
  { to: '/', label: msg('Home') },
  { to: '/wheel', label: msg('Spin a Wheel') },
  { to: '/saved', label: msg('Saved Wheels') },
  { to: '/subscription', label: msg('Plans & Pricing') },
]

const SUPPORT = [
  { to: '/about', label: msg('About') },
  { to: '/faq', label: msg('FAQ') },
  { to: '/contact', label: msg('Contact Us') },
  { to: '/privacy-policy', label: msg('Privacy Policy') },
  { to: '/terms-of-service', label: msg('Terms of Service') },
]

function LinkList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="text-slate-700 hover:text-brand-600 dark:text-slate-300 dark:hover:text-white"
            >
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function Footer() {
  const email = supportEmail()
  return (
    <footer className="print:hidden mt-16 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold">Whirl</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t(
              'Build a wheel, spin it, get one fair random winner. For classrooms, giveaways, game nights and every decision in between.',
            )}
          </p>
          <LanguageMenu className="mt-4" />
        </div>
        <LinkList title={t('Quick Links')} links={QUICK} />
        <div>
          <LinkList title={t('Support')} links={SUPPORT} />
          <p className="mt-3 text-sm">
            <a href={`mailto:${email}`} className="text-brand-700 underline dark:text-brand-100">
              {email}
            </a>
          </p>
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {t('© {year} Whirl. All rights reserved.', { year: String(new Date().getFullYear()) })}
      </p>
    </footer>
  )
}
