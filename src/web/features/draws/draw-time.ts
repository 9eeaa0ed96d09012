import { dateTimeFormat } from '../../i18n/formats'

/** A draw's moment as the page's language writes a date and time ("11/26/2026, 4:41:23 PM"), or —. */
export const when = (iso: string | null | undefined): string =>
  iso
    ? dateTimeFormat({
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
      }).format(new Date(iso))
    : '—'
