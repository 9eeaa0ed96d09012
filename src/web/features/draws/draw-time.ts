import { intlLocale } from '../../i18n/i18n'

/** A draw's moment as the page's language writes a date and time ("11/26/2026, 4:41:23 PM"), or —. */
export const when = (iso: string | null | undefined): string =>
  iso
    ? new Intl.DateTimeFormat(intlLocale(), {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
      }).format(new Date(iso))
    : '—'
