import type { AnyLocale } from '../../core/i18n/locales'
import { translator } from '../i18n/translate'
import { escapeHtml, greetingOf, mailHtmlTag } from '../mail/compose'

/** The password reset mail, in the user's language: the link, how long it works, and what to do if it was not you. */
export function resetMail(
  locale: AnyLocale,
  name: string,
  link: string,
): { subject: string; text: string; html: string } {
  const t = translator(locale)
  const greeting = greetingOf(locale, name)
  const asked = t(
    'Someone asked to reset the password of your Whirl account. If it was you, open this link within one hour to choose a new password:',
  )
  const notYou = t('If you did not ask for this, ignore this mail: your password stays as it is.')
  const text = [greeting, '', asked, '', link, '', notYou, '', 'Whirl'].join('\n')
  const html = `<!doctype html>${mailHtmlTag(locale)}<body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(asked)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('Choose a new password'))}</a></p>
<p style="word-break:break-all;color:#475569">${escapeHtml(link)}</p>
<p>${escapeHtml(notYou)}</p>
<p>Whirl</p>
</body></html>`
  return { subject: t('Reset your Whirl password'), text, html }
}
