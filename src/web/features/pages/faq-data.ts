export type Faq = { q: string; a: string }

/** The FAQ page's 15 entries; the About page shows the first 8. Every answer is true of Whirl today. */
export const FAQS: Faq[] = [
  {
    q: 'Is Whirl free to use?',
    a: 'Yes. Anyone can build and spin a wheel of up to 15 items without an account and without paying. Premium ($6.99 a month) adds saved wheels, presets, spin history, import and export, and unlimited items.',
  },
  {
    q: 'Are the spins really random?',
    a: "Yes. Each spin uses your browser's cryptographic random number generator, with rejection sampling so that no item is even slightly more likely than another. The winner is exactly the segment that stops under the pointer.",
  },
  {
    q: 'Do I need an account?',
    a: 'No. You can spin as a visitor and your wheel stays in this browser. An account gives you a profile, and is needed for Premium.',
  },
  {
    q: 'How many items can a wheel have?',
    a: 'Up to 15 on the free plan. With Premium there is no plan limit: a wheel stays smooth with thousands of items (up to 10,000).',
  },
  {
    q: 'What are the three modes?',
    a: 'Normal picks from all items every time. Elimination removes the winner from the wheel when you close the result, which is handy for drawing names one by one. Accumulation keeps a tally of wins for every item.',
  },
  {
    q: 'Where is my wheel stored?',
    a: "In your browser's local storage, on this device. Premium users' saved wheels are also stored in their account, so they appear on every device they sign in on.",
  },
  {
    q: 'Can I save my wheels?',
    a: 'Saving wheels is a Premium feature. Free wheels are kept in your browser while you use them, but you cannot keep a library of saved wheels.',
  },
  {
    q: 'How do I cancel Premium?',
    a: 'From your profile page, with Cancel Subscription. You keep Premium until the end of the period you have paid for, and nothing you made is deleted.',
  },
  {
    q: 'How do I pay?',
    a: "Through PayPal's checkout, with a PayPal account or a card PayPal accepts. Whirl never sees your card number.",
  },
  {
    q: 'Is there a free trial?',
    a: 'No. The free plan is free forever, so you can try everything it offers before you decide. Premium starts when you subscribe.',
  },
  {
    q: 'Can I import or export wheels?',
    a: 'Premium users can export a wheel as a JSON file and import it again, and export their spin history as a CSV file for a spreadsheet.',
  },
  {
    q: 'Does Whirl work on my phone?',
    a: 'Yes. Every page works on a phone-sized screen, and you can spin with a tap.',
  },
  {
    q: 'Can I use it on a stream or in class?',
    a: 'Yes. Turn on sound and confetti for a show, resize the wheel up to 500 px, and use elimination mode to draw names one after another.',
  },
  {
    q: 'Is there a dark mode?',
    a: 'Yes, for everyone: use the moon or sun button in the header. Whirl follows your system setting until you choose.',
  },
  {
    q: 'How do I contact support?',
    a: 'Use the contact form or write to our support address. We reply within 24 hours.',
  },
]

/** Entries whose question or answer contains every word of the query (case-insensitive). */
export function searchFaqs(faqs: Faq[], query: string): Faq[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return faqs
  return faqs.filter((f) => {
    const text = `${f.q} ${f.a}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}
