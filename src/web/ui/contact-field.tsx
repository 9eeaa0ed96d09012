import type { ReactNode } from 'react'

/** A labelled form control with its error line underneath (linked by aria-describedby). */
export function ContactField({
  id,
  label,
  error,
  children,
  extra,
}: {
  id: string
  label: string
  error: string | undefined
  children: ReactNode
  extra?: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      <div className="mt-1 flex justify-between gap-4 text-sm empty:hidden">
        {error && (
          <p id={`${id}-error`} className="text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        {extra}
      </div>
    </div>
  )
}

/** The aria attributes of a control whose error line is rendered by ContactField. */
export function describedBy(id: string, error: string | undefined, more?: string) {
  const ids = [error ? `${id}-error` : '', more ?? ''].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined }
}
