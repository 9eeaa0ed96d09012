import { Link } from '../router'
import { supportEmail } from '../state/site-config'

const QUICK = [
  { to: '/', label: 'Home' },
  { to: '/wheel', label: 'Spin a Wheel' },
  { to: '/saved', label: 'Saved Wheels' },
  { to: '/subscription', label: 'Plans & Pricing' },
]

const SUPPORT = [
  { to: '/about', label: 'About' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
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
              {l.label}
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
            Build a wheel, spin it, get one fair random winner. For classrooms, giveaways, game nights and
            every decision in between.
          </p>
        </div>
        <LinkList title="Quick Links" links={QUICK} />
        <div>
          <LinkList title="Support" links={SUPPORT} />
          <p className="mt-3 text-sm">
            <a href={`mailto:${email}`} className="text-brand-700 underline dark:text-brand-100">
              {email}
            </a>
          </p>
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} Whirl. All rights reserved.
      </p>
    </footer>
  )
}
