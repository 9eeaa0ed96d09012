import { supportEmail } from '../../app/site-config'
import { LegalPage } from './legal-page'

export function Component() {
  const email = supportEmail()
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what Whirl keeps about you, where, and why. We keep as little as we can: the wheels you build stay in your browser unless you are a Premium user who saves them to your account."
      sections={[
        {
          title: 'What stays in your browser',
          body: (
            <>
              <p>Whirl uses your browser's local storage, on your device only, for:</p>
              <ul className="list-disc space-y-1 pl-6">
                <li>
                  <code>whirl-wheel-store</code>: your current wheel, your saved wheels, your spin history and
                  your sound, confetti and auto-save settings;
                </li>
                <li>
                  <code>whirl-wheel-store-backup</code>: only if a stored wheel ever had to be repaired when
                  Whirl loaded it, a copy of the original so nothing is lost;
                </li>
                <li>
                  <code>theme</code>: dark or light mode;
                </li>
                <li>
                  <code>cookieConsent</code> and <code>cookieConsentDate</code>: your cookie choice and when
                  you made it;
                </li>
                <li>
                  <code>subscription</code>: a copy of your subscription details after a payment, for the
                  receipt page;
                </li>
                <li>
                  <code>whirl-sync</code>: for Premium users, which account this browser's saved wheels were
                  last synced with and when, so only changes travel.
                </li>
              </ul>
              <p>
                If you decline cookies, we remove your saved wheels, spin history and theme from this browser
                (a Premium user's wheels stay in their account and come back on the next visit). Clearing your
                browser data removes all of it.
              </p>
            </>
          ),
        },
        {
          title: 'Your account',
          body: (
            <>
              <p>
                If you create an account we store your display name, your email address, a one-way hash of
                your password (never the password itself), when you joined, and your plan: plan type,
                subscription status, subscription id and when the paid period ends. If you sign in with
                Google, we receive the basic profile Google shares (your name, email address and picture link)
                and keep the id of your Google account. Premium users' saved wheels are also stored with their
                account so they can use them on every device.
              </p>
              <p>
                Signing in sets one secure session cookie, which is essential for staying signed in; it lasts
                up to 30 days or until you sign out. With each session we record the IP address and browser it
                was started from, to protect your account. To stop password guessing and spam we also count
                recent attempts per IP address and per email address, and forget the counts after a short
                time.
              </p>
            </>
          ),
        },
        {
          title: 'Payments',
          body: (
            <p>
              Payments are processed by PayPal. We never see or store your card number. PayPal tells us the id
              and status of your subscription, which we keep to give you Premium.
            </p>
          ),
        },
        {
          title: 'Contact messages',
          body: (
            <p>
              When you write to us through the contact form we store your name, email address, subject,
              message, the time and your browser's user agent, and send them to our support inbox so we can
              answer.
            </p>
          ),
        },
        {
          title: 'What we do not do',
          body: (
            <p>
              We do not sell your data, show advertising, or use tracking or analytics cookies. Spin results
              are computed in your browser.
            </p>
          ),
        },
        {
          title: 'Children',
          body: (
            <p>
              Whirl is not directed at children under 13, and we do not knowingly collect personal information
              from them. If you believe a child under 13 has given us personal information, contact us and we
              will delete it.
            </p>
          ),
        },
        {
          title: 'Your rights and changes',
          body: (
            <p>
              You can ask us for a copy of your data, or to correct or delete it, at{' '}
              <a className="text-brand-700 underline dark:text-brand-100" href={`mailto:${email}`}>
                {email}
              </a>
              . We reply within 24 hours. If we make material changes to this policy, we will give at least 30
              days' notice before they take effect.
            </p>
          ),
        },
      ]}
    />
  )
}
