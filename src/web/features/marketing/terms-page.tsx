import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { supportEmail } from '../../state/site-config'
import { LegalPage } from './legal-page'
import { premiumPrice } from './price'

export function Component() {
  const email = supportEmail()
  const price = premiumPrice()
  return (
    <LegalPage
      title={t('Terms of Service')}
      intro={t(
        'These terms are the agreement between you and Whirl when you use the app. Please read them; by using Whirl you accept them.',
      )}
      sections={[
        {
          title: t('Who may use Whirl'),
          body: (
            <p>
              {t(
                'You must be at least 18 years old to create an account or subscribe to Premium. Younger people may use Whirl without an account only under the supervision of a parent, guardian or teacher who accepts these terms.',
              )}
            </p>
          ),
        },
        {
          title: t('The service'),
          body: (
            <p>
              {t(
                'Whirl lets you build a wheel of items and spin it to pick one at random. The free plan allows up to 15 items per wheel. Premium adds saved wheels (up to 500), presets, spin history with Advanced Analytics, import and export, up to 10,000 items per wheel, shared links and embeds without the "Made with Whirl" mark, and priority support for messages sent while signed in.',
              )}
            </p>
          ),
        },
        {
          title: t('Premium and payment'),
          body: (
            <p>
              {t(
                'Premium costs {price} USD per month, billed through PayPal until you cancel. You can cancel at any time from your profile; you keep Premium until the end of the period you have paid for, and no further payment is taken. Your first Premium subscription starts with a 7-day free trial (one per account, for a verified email address); the first {price} is taken when the trial ends, and we email you 2 days before. If you cancel during the trial, nothing is charged and Premium stays until the trial ends. A later subscription is paid from its first day.',
                { price },
              )}
            </p>
          ),
        },
        {
          title: t('Fair use'),
          body: (
            <p>
              {t(
                'Do not use Whirl to break the law, to run games of chance where that is not allowed, or to disrupt the service. You are responsible for what you put on your wheels and for how you use the results, including the rules of any giveaway you run.',
              )}
            </p>
          ),
        },
        {
          title: t('Your content'),
          body: (
            <p>
              {t(
                'The wheels you make are yours. You allow us to store them only to provide the service to you, as the Privacy Policy describes.',
              )}
            </p>
          ),
        },
        {
          title: t('Liability'),
          body: (
            <p>
              {t(
                'Whirl is provided as is. To the extent the law allows, our total liability to you for any claim about the service is limited to 100 USD.',
              )}
            </p>
          ),
        },
        {
          title: t('Changes and contact'),
          body: (
            <p>
              {tx(
                "We will give at least 30 days' notice of material changes to these terms. Questions: <0>{email}</0>; we reply within 24 hours.",
                [
                  <a
                    key="mail"
                    className="text-brand-700 underline dark:text-brand-100"
                    href={`mailto:${email}`}
                  >
                    {email}
                  </a>,
                ],
                { email },
              )}
            </p>
          ),
        },
      ]}
    />
  )
}
