import { msg } from '../../../core/i18n/message-id'
import { intlLocale, t } from '../../i18n/i18n'
import type { Faq } from '../../ui/faq-accordion'
import { premiumPrice } from './price'

/**
 * The FAQ page's entries, in English (shown through translatedFaqs); the About page shows the first 8.
 * Every answer is true of Whirl today.
 */
export const FAQS: Faq[] = [
  {
    q: msg('Is Whirl free to use?'),
    a: msg(
      'Yes. Anyone can build and spin a wheel of up to 15 items without an account and without paying. Premium ({price} a month) adds saved wheels, presets, spin history, import and export, and up to 10,000 items per wheel.',
    ),
  },
  {
    q: msg('Are the spins really random?'),
    a: msg(
      "Yes. Each spin uses your browser's cryptographic random number generator, with rejection sampling so that no item is even slightly more likely than another. The winner is exactly the segment that stops under the pointer.",
    ),
  },
  {
    q: msg('Do I need an account?'),
    a: msg(
      'No. You can spin as a visitor and your wheel stays in this browser. An account gives you a profile, and is needed for Premium.',
    ),
  },
  {
    q: msg('How many items can a wheel have?'),
    a: msg(
      'Up to 15 on the free plan. With Premium a wheel holds up to 10,000 items and still spins smoothly, and you can keep up to 500 saved wheels.',
    ),
  },
  {
    q: msg('What are the three modes?'),
    a: msg(
      'Normal picks from all items every time. Elimination removes the winner from the wheel when you close the result, which is handy for drawing names one by one. Accumulation keeps a tally of wins for every item.',
    ),
  },
  {
    q: msg('Where is my wheel stored?'),
    a: msg(
      "In your browser's local storage, on this device. Premium users' saved wheels are also stored in their account, so they appear on every device they sign in on.",
    ),
  },
  {
    q: msg('Can I save my wheels?'),
    a: msg(
      'Saving wheels is a Premium feature. Free wheels are kept in your browser while you use them, but you cannot keep a library of saved wheels. If Premium ends, the wheels you saved are not deleted: Saved Wheels keeps them read-only, to load (up to 15 items) and export, until you renew.',
    ),
  },
  {
    q: msg('How do I cancel Premium?'),
    a: msg(
      'From your profile page, with Cancel Subscription. You keep Premium until the end of the period you have paid for, and nothing you made is deleted.',
    ),
  },
  {
    q: msg('How do I pay?'),
    a: msg(
      "Through PayPal's checkout, with a PayPal account or a card PayPal accepts. Whirl never sees your card number.",
    ),
  },
  {
    q: msg('Is there a free trial?'),
    a: msg(
      'Yes, a 7-day free trial for paid plans: your first Premium subscription starts with 7 free days, then costs {price} a month (one trial per account, email address verified). We email you 2 days before it ends; cancel during the trial and nothing is charged, and Premium stays until the trial ends. The free plan is free forever.',
    ),
  },
  {
    q: msg('Can I import or export wheels?'),
    a: msg(
      'Premium users can export a wheel as a JSON file and import it again, and export their spin history as a CSV file for a spreadsheet.',
    ),
  },
  {
    q: msg('What does Advanced Analytics show?'),
    a: msg(
      'A Statistics view on the History tab (Premium): how often each item of your wheel has won against what a fair wheel would give, with a 95 % band and a plain verdict from a chi-square test, spins per day, the longest streak and the most and least picked items. Each chart has a table with the same numbers, and you can export them as PNG and CSV.',
    ),
  },
  {
    q: msg('What is the "Made with Whirl" mark on shared wheels?'),
    a: msg(
      'Shared pages and embeds made by visitors and free users show a small "Made with Whirl" link below the wheel. Premium removes it from all your shared links and embeds, including links you made before you subscribed; if Premium ends, the mark comes back.',
    ),
  },
  {
    q: msg('What is priority support?'),
    a: msg(
      'Messages sent from the contact page while you are signed in with Premium are marked as priority and reach us before other messages.',
    ),
  },
  {
    q: msg('Does Whirl work on my phone?'),
    a: msg(
      'Yes. Every page works on a phone-sized screen, and you can spin with a tap. There is a dark mode too: use the moon or sun button in the header (Whirl follows your system setting until you choose).',
    ),
  },
  {
    q: msg('Can I use it on a stream or in class?'),
    a: msg(
      'Yes. Turn on sound and confetti for a show, resize the wheel up to 500 px, and use elimination mode to draw names one after another.',
    ),
  },
  {
    q: msg('Can my audience check that a giveaway was fair?'),
    a: msg(
      "Yes, with a verifiable draw. Signed in, turn on Verifiable draw under the Spin button. Before the spin Whirl locks in a secret and shows its fingerprint (the commitment); you add a client seed, ideally something your audience gives you, like a chat message. The spin reveals the secret, and the winner follows from both with a published algorithm. Share the draw's link: anyone can open it and their own browser recomputes the draw and says Verified, so nobody has to take Whirl's or your word for it. The fair draws page explains how it works.",
    ),
  },
  {
    q: msg('How do I contact support?'),
    a: msg('Use the contact form or write to our support address. We reply within 24 hours.'),
  },
]

/** Entries in the page's language. */
export function translatedFaqs(faqs: Faq[]): Faq[] {
  const price = premiumPrice()
  return faqs.map((f) => ({ q: t(f.q), a: t(f.a, { price }) }))
}

/**
 * Entries whose question or answer contains every word of the query, ignoring case as the
 * language does (Turkish İ and ı).
 */
export function searchFaqs(faqs: Faq[], query: string, locale = intlLocale()): Faq[] {
  const words = query.toLocaleLowerCase(locale).split(/\s+/).filter(Boolean)
  if (words.length === 0) return faqs
  return faqs.filter((f) => {
    const text = `${f.q} ${f.a}`.toLocaleLowerCase(locale)
    return words.every((w) => text.includes(w))
  })
}
