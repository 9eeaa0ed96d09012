import { type FormEvent, useState } from 'react'
import { t } from '../i18n/i18n'

/**
 * The flow every form shares: check the fields with the shared rules (the first problem is shown,
 * in the page's language, and nothing is sent), then send while `busy`, and show the server's message if that fails. A
 * change to any field clears the message (`edited`).
 */
export function useFormSubmit(initialError: string | null = null) {
  const [error, setError] = useState<string | null>(initialError)
  const [busy, setBusy] = useState(false)

  const submit =
    (check: () => string | null, send: () => Promise<void>) =>
    async (event?: FormEvent): Promise<void> => {
      event?.preventDefault()
      const problem = check()
      if (problem) return setError(t(problem))
      setBusy(true)
      try {
        await send()
      } catch (e) {
        setError((e as Error).message)
      } finally {
        setBusy(false)
      }
    }

  /** An onChange handler that sets a value and clears the message. */
  const edited =
    (set: (value: string) => void) =>
    (event: { target: { value: string } }): void => {
      set(event.target.value)
      setError(null)
    }

  return { error, setError, busy, submit, edited }
}
