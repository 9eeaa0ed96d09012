import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'

/**
 * The Privacy Policy's list of what Whirl keeps in the browser. The storage keys are names, not
 * words: they come in as placeholders so no translation can change them.
 */
export function PrivacyStorageSection() {
  const code = <code />
  return (
    <>
      <p>{t("Whirl uses your browser's local storage, on your device only, for:")}</p>
      <ul className="list-disc space-y-1 ps-6">
        <li>
          {tx(
            '<0>{key}</0>: your current wheel, your spin history, whether new wheels start with sound and confetti, and (Premium) whether a saved wheel saves itself after each change;',
            [code],
            { key: 'whirl-wheel-store' },
          )}
        </li>
        <li>{tx('the <0>{name}</0> database (IndexedDB): your saved wheels;', [code], { name: 'whirl' })}</li>
        <li>
          {tx(
            '<0>{key}</0>: only if a stored wheel ever had to be repaired when Whirl loaded it, a copy of the original so nothing is lost;',
            [code],
            { key: 'whirl-wheel-store-backup' },
          )}
        </li>
        <li>{tx('<0>{key}</0>: dark or light mode;', [code], { key: 'theme' })}</li>
        <li>
          {tx('<0>{choice}</0> and <1>{date}</1>: your cookie choice and when you made it;', [code, code], {
            choice: 'cookieConsent',
            date: 'cookieConsentDate',
          })}
        </li>
        <li>
          {tx(
            '<0>{key}</0>: a copy of your subscription details after a payment, for the receipt page;',
            [code],
            { key: 'subscription' },
          )}
        </li>
        <li>
          {tx(
            "<0>{sync}</0> and <1>{deleted}</1> (older versions; newer ones keep this in the <2>{name}</2> database): for signed-in users, which account this browser's saved wheels were last synced with, and which wheels were deleted here, so only changes travel.",
            [code, code, code],
            { sync: 'whirl-sync', deleted: 'whirl-sync-deleted', name: 'whirl' },
          )}
        </li>
      </ul>
      <p>
        {t(
          "If you decline cookies, on whichever page you do it, we remove from this browser your saved wheels, your spin history, the backup copy, the sync records and your theme; your current wheel stays, as the app cannot work without it. A Premium user's wheels stay in their account and come back when they next sign in. Clearing your browser data removes all of it.",
        )}
      </p>
    </>
  )
}
