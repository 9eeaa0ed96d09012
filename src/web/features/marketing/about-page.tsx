import { CreditCard, HelpCircle, Mail } from 'lucide-react'
import { msg } from '../../../core/i18n/message-id'
import { t } from '../../i18n/i18n'
import { Link } from '../../router'
import { FaqAccordion } from '../../ui/faq-accordion'
import { usePageTitle } from '../../ui/use-page-title'
import { FAQS, translatedFaqs } from './faq-data'
import { CardGrid, FEATURES, USE_CASES } from './home-sections'
import { premiumPrice } from './price'

const STEPS = [
  {
    title: msg('Add your items'),
    text: msg('Type names or choices, one at a time. Give each a colour, or keep ours.'),
  },
  {
    title: msg('Spin'),
    text: msg('Press Spin, or Ctrl + Enter. The wheel turns for as long as you set, 1 to 5 seconds.'),
  },
  {
    title: msg('Get your winner'),
    text: msg('The segment under the pointer wins. Keep it, remove it, or tally it.'),
  },
]

// The cards' words, in the page's language (render time).
function helpCards() {
  return [
    {
      icon: HelpCircle,
      title: t('FAQ'),
      text: t(
        '{count, plural, one {Answers to the # question we hear most.} other {Answers to the # questions we hear most.}}',
        {
          count: FAQS.length,
        },
      ),
      to: '/faq',
    },
    { icon: Mail, title: t('Contact'), text: t('Write to us; we reply within 24 hours.'), to: '/contact' },
    {
      icon: CreditCard,
      title: t('Plans'),
      text: t('Free forever, or Premium for {price} a month.', { price: premiumPrice() }),
      to: '/subscription',
    },
  ]
}

export function Component() {
  usePageTitle(t('About'))
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black tracking-tight">{t('About Whirl')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        {t(
          "Whirl is a random picker wheel that is fair by construction. Every spin uses your browser's cryptographic random generator, every item has exactly the same chance, and the winner is always the segment you see under the pointer. The free plan gives everyone a wheel of up to 15 items; Premium adds saving (synced to your account), presets, history, import and export, and up to 10,000 items per wheel.",
        )}
      </p>

      <section className="mt-12" aria-labelledby="features">
        <h2 id="features" className="text-2xl font-bold">
          {t('Features')}
        </h2>
        <CardGrid cards={FEATURES} />
      </section>

      <section className="mt-12" aria-labelledby="how">
        <h2 id="how" className="text-2xl font-bold">
          {t('How it works')}
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl bg-white p-5 shadow-sm dark:bg-slate-900">
              <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold">{t(step.title)}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="faq" className="mt-12 scroll-mt-20" aria-labelledby="faq-title">
        <h2 id="faq-title" className="text-2xl font-bold">
          {t('Frequently asked questions')}
        </h2>
        <div className="mt-6">
          <FaqAccordion faqs={translatedFaqs(FAQS.slice(0, 8))} />
        </div>
      </section>

      <section className="mt-12" aria-labelledby="uses">
        <h2 id="uses" className="text-2xl font-bold">
          {t('Use cases')}
        </h2>
        <CardGrid cards={USE_CASES} />
      </section>

      <section id="wheel-of-names" className="mt-12 scroll-mt-20" aria-labelledby="move">
        <h2 id="move" className="text-2xl font-bold">
          {t('Moving from Wheel of Names')}
        </h2>
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          {t(
            'Copy your wheels from the Export my data page of Wheel of Names into a .json file (or use a wheel file you already have). In Whirl, choose Import on the wheel page or on Saved Wheels and pick it. Entries, pictures, colours, weights, the title, the spin time, elimination (remove the winner), confetti and sound come with it; a file of several saved wheels becomes several saved wheels. Entries you turned off stay off the wheel, and Whirl tells you what it could not use.',
          )}
        </p>
      </section>

      <section className="mt-12" aria-labelledby="help">
        <h2 id="help" className="text-2xl font-bold">
          {t('Need help?')}
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {helpCards().map(({ icon: Icon, title, text, to }) => (
            <li key={title}>
              <Link
                to={to}
                className="block h-full rounded-2xl bg-white p-5 shadow-sm hover:ring-2 hover:ring-brand-500 dark:bg-slate-900"
              >
                <Icon aria-hidden className="size-7 text-brand-600 dark:text-brand-500" />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-12 rounded-3xl bg-brand-700 px-6 py-10 text-center text-white">
        <h2 className="text-2xl font-bold">{t('Try it now, free')}</h2>
        <Link
          to="/wheel"
          className="mt-4 inline-block rounded-xl bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('Start Spinning')}
        </Link>
      </section>
    </div>
  )
}
