import { useEffect } from 'react'

/** Sets the document title as "<title> · Whirl". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Whirl` : 'Whirl'
  }, [title])
}
