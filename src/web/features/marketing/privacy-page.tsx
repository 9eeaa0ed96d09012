import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { supportEmail } from '../../state/site-config'
import { LegalPage } from './legal-page'
import { PrivacyStorageSection } from './privacy-storage'

export function Component() {
  const email = supportEmail()
  const strong = <strong />
  return (
    <LegalPage
      title={t('Privacy Policy')}
      intro={t(
        'This policy explains what Whirl keeps about you, where, and why. We keep as little as we can: the wheels you build stay in your browser unless you are a Premium user who saves them to your account.',
      )}
      sections={[
        { title: t('What stays in your browser'), body: <PrivacyStorageSection /> },
        {
          title: t('Your account'),
          body: (
            <>
              <p>
                {t(
                  "If you create an account we store your display name, your email address, a one-way hash of your password (never the password itself), when you joined, and your plan: plan type, subscription status, subscription id and when the paid period ends. If you sign in with Google, we receive the basic profile Google shares (your name, email address and picture link) and keep the id of your Google account. Premium users' saved wheels are also stored with their account so they can use them on every device.",
                )}
              </p>
              <p>
                {t(
                  'When Premium ends, nothing is deleted: your saved wheels stay in your account and on Saved Wheels, read-only. You can still load and export them; changing, saving, deleting and importing wheels need Premium again, and this browser only reads your wheels from your account until then. To remove them, use Delete my account on your profile.',
                )}
              </p>
              <p>
                {t(
                  'Signing in sets one secure session cookie, which is essential for staying signed in; it lasts up to 30 days or until you sign out. With each session we record the IP address and browser it was started from, to protect your account. To stop password guessing and spam we also count recent attempts per IP address and per email address, and forget the counts after a short time.',
                )}
              </p>
            </>
          ),
        },
        {
          title: t('Share links'),
          body: (
            <p>
              {t(
                "When you press Create link, we store a copy of the wheel as it is then (its name, items, colours and settings) so that anyone with the link can open it; if you are signed in, the link is tied to your account. The copy behind a link made without an account is deleted after 30 days without a visit; a signed-in user's link stays until they delete it under Shared links on Saved Wheels. To limit abuse we count how many links each IP address and account creates, and forget the counts after a short time.",
              )}
            </p>
          ),
        },
        {
          title: t('Payments'),
          body: (
            <p>
              {t(
                'Payments are processed by PayPal. We never see or store your card number. PayPal tells us the id and status of your subscription, which we keep to give you Premium.',
              )}
            </p>
          ),
        },
        {
          title: t('Contact messages'),
          body: (
            <p>
              {t(
                "When you write to us through the contact form we store your name, email address, subject, message, the time, your browser's user agent and, when you are signed in, which account sent it, and send them to our support inbox so we can answer.",
              )}
            </p>
          ),
        },
        {
          title: t('What we do not do'),
          body: (
            <p>
              {t(
                'We do not sell your data, show advertising, or use tracking or analytics cookies. Spin results are computed in your browser.',
              )}
            </p>
          ),
        },
        {
          title: t('Children'),
          body: (
            <p>
              {t(
                'Whirl is not directed at children under 13, and we do not knowingly collect personal information from them. If you believe a child under 13 has given us personal information, contact us and we will delete it.',
              )}
            </p>
          ),
        },
        {
          title: t('Download or delete your data'),
          body: (
            <>
              <p>
                {tx(
                  'On your profile page, <0>Download my data</0> gives you one JSON file with everything our server keeps about you: your account and profile, your subscriptions and payments (without any payment secrets), the saved wheels in your account, your share links, your verifiable draws and the contact messages you sent while signed in (a message sent signed out belongs to no account, whatever address was typed into the form).',
                  [strong],
                )}
              </p>
              <p>
                {tx(
                  '<0>Delete my account</0> asks for your password (or, for a Google account, a Google sign-in of the last 10 minutes). It first cancels an active subscription with the payment provider, then deletes your account, profile, sessions, saved wheels, share links, draws, subscriptions and contact messages, signs you out on every device and mails you a confirmation. The browser you delete it in also lets go of its saved wheels, spin history and sync records. While a payment is still being processed (PayPal is reviewing it, or starting a subscription you just approved) it asks you to try again a few minutes later. Billing law requires us to keep the record of each payment (amount, currency, date and status), and of a subscription that never started, so that it is cancelled should it ever start; we keep them without your name, email or account id. If the account started the free trial, we also keep a keyed one-way hash of its email address (never the address itself), so that the trial stays one per address.',
                  [strong],
                )}
              </p>
            </>
          ),
        },
        {
          title: t('Your rights and changes'),
          body: (
            <p>
              {tx(
                "You can also ask us for a copy of your data, or to correct or delete it, at <0>{email}</0>. We reply within 24 hours. If we make material changes to this policy, we will give at least 30 days' notice before they take effect.",
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
