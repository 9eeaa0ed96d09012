import { useEffect } from 'react'
import { t } from '../i18n/i18n'

/**
 * Sets the document title as "<title> · Whirl" in the page's language; `title` is translated
 * already, and a name people wrote in it is isolated (`isolate()`), so that its own direction holds
 * in the tab of a right-to-left page.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? t('{title} · Whirl', { title }) : 'Whirl'
  }, [title])
}
