import { supportEmail } from '../../state/site-config'
import { LegalPage } from './legal-page'

export function Component() {
  const email = supportEmail()
  return (
    <LegalPage
      title="Terms of Service"
      intro="These terms are the agreement between you and Whirl when you use the app. Please read them; by using Whirl you accept them."
      sections={[
        {
          title: 'Who may use Whirl',
          body: (
            <p>
              You must be at least 18 years old to create an account or subscribe to Premium. Younger people
              may use Whirl without an account only under the supervision of a parent, guardian or teacher who
              accepts these terms.
            </p>
          ),
        },
        {
          title: 'The service',
          body: (
            <p>
              Whirl lets you build a wheel of items and spin it to pick one at random. The free plan allows up
              to 15 items per wheel. Premium adds saved wheels (up to 500), presets, spin history with
              Advanced Analytics, import and export, up to 10,000 items per wheel, shared links and embeds
              without the "Made with Whirl" mark, and priority support for messages sent while signed in.
            </p>
          ),
        },
        {
          title: 'Premium and payment',
          body: (
            <p>
              Premium costs $6.99 USD per month, billed through PayPal until you cancel. You can cancel at any
              time from your profile; you keep Premium until the end of the period you have paid for, and no
              further payment is taken. Your first Premium subscription starts with a 7-day free trial (one
              per account, for a verified email address); the first $6.99 is taken when the trial ends, and we
              email you 2 days before. If you cancel during the trial, nothing is charged and Premium stays
              until the trial ends. A later subscription is paid from its first day.
            </p>
          ),
        },
        {
          title: 'Fair use',
          body: (
            <p>
              Do not use Whirl to break the law, to run games of chance where that is not allowed, or to
              disrupt the service. You are responsible for what you put on your wheels and for how you use the
              results, including the rules of any giveaway you run.
            </p>
          ),
        },
        {
          title: 'Your content',
          body: (
            <p>
              The wheels you make are yours. You allow us to store them only to provide the service to you, as
              the Privacy Policy describes.
            </p>
          ),
        },
        {
          title: 'Liability',
          body: (
            <p>
              Whirl is provided as is. To the extent the law allows, our total liability to you for any claim
              about the service is limited to 100 USD.
            </p>
          ),
        },
        {
          title: 'Changes and contact',
          body: (
            <p>
              We will give at least 30 days' notice of material changes to these terms. Questions:{' '}
              <a className="text-brand-700 underline dark:text-brand-100" href={`mailto:${email}`}>
                {email}
              </a>
              ; we reply within 24 hours.
            </p>
          ),
        },
      ]}
    />
  )
}
