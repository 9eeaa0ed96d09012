import { useEffect } from 'react'
import { t } from '../i18n/i18n'

/** Sets the document title as "<title> · Whirl" in the page's language; `title` is translated already. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? t('{title} · Whirl', { title }) : 'Whirl'
  }, [title])
}
