import { Quote } from 'lucide-react'
import { PlanComparison } from '../../features/billing/plan-comparison'
import { DemoWheel } from '../../features/marketing/demo-wheel'
import { CardGrid, FEATURES, TESTIMONIALS, USE_CASES } from '../../features/marketing/home-sections'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'
import { usePageTitle } from '../../ui/use-page-title'

// Below the first screen on a phone: the browser skips their styles, layout and paint until they
// come near the screen (content-visibility), so the page's first frames are short (decision 0019).
// The sizes are first guesses for the scroll bar; the browser then remembers the real ones.
const LATER = '[content-visibility:auto]'

export function Component() {
  usePageTitle(t('Spin the wheel, get a fair winner'))
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="grid items-center gap-10 py-12 md:grid-cols-2 md:py-20">
        <div>
          <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
            {t('Spin the wheel. Get a fair winner.')}
          </h1>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
            {t(
              'Build a wheel of names or choices, spin it, and let chance decide, fairly. For classrooms, giveaways, team games, streams and every decision in between. No account needed.',
            )}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/wheel" className={buttonClass('primary', 'lg')}>
              {t('Start Spinning')}
            </Link>
            <Link to="/about" className={buttonClass('outline', 'lg')}>
              {tx('Learn More<0> about Whirl</0>', [<span key="about" className="sr-only" />])}
            </Link>
          </div>
        </div>
        <DemoWheel />
      </section>

      <section className={`py-12 ${LATER} [contain-intrinsic-size:auto_1400px]`} aria-labelledby="features">
        <h2 id="features" className="text-3xl font-bold">
          {t('Everything a wheel should do')}
        </h2>
        <CardGrid cards={FEATURES} />
      </section>

      <section className={`py-12 ${LATER} [contain-intrinsic-size:auto_1000px]`} aria-labelledby="uses">
        <h2 id="uses" className="text-3xl font-bold">
          {t('Made for')}
        </h2>
        <CardGrid cards={USE_CASES} />
      </section>

      <section className={`py-12 ${LATER} [contain-intrinsic-size:auto_700px]`} aria-labelledby="voices">
        <h2 id="voices" className="text-3xl font-bold">
          {t('How people use Whirl')}
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('Illustrative examples, not quotes from real customers.')}
        </p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {TESTIMONIALS.map((voice) => (
            <li key={voice.who} className="rounded-2xl bg-white p-5 shadow-sm dark:bg-slate-900">
              <Quote aria-hidden className="size-6 text-brand-500" />
              <p className="mt-2">{t(voice.quote)}</p>
              <p className="mt-3 text-sm font-medium text-slate-600 dark:text-slate-400">{t(voice.who)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`py-12 ${LATER} [contain-intrinsic-size:auto_900px]`} aria-labelledby="plans">
        <h2 id="plans" className="text-3xl font-bold">
          {t('Plans')}
        </h2>
        <PlanComparison />
      </section>

      <section className="my-12 rounded-3xl bg-brand-700 px-6 py-12 text-center text-white">
        <h2 className="text-3xl font-bold">{t('Ready to spin?')}</h2>
        <p className="mt-2 text-brand-100">{t('It takes ten seconds to build your first wheel.')}</p>
        <Link
          to="/wheel"
          className="mt-6 inline-block rounded-xl bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('Create Your First Wheel')}
        </Link>
      </section>
    </div>
  )
}
