import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { hasLetter } from '../../core/text/direction'

const controlClass = (invalid: boolean, extra: string) =>
  `rounded-lg border bg-white px-3 py-2 text-slate-900 dark:bg-slate-800 dark:text-slate-100 ${
    invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-500'
  } ${extra}`.trim()

type Control = { invalid?: boolean; className?: string }

/**
 * The `dir` of a field people type into: once it holds a letter, its text takes its own direction
 * ("auto"), so an Arabic name typed on an English page reads right to left and an English one on an
 * Arabic page left to right. Until then (empty, or only digits and spaces so far) the field follows
 * the page: its placeholder starts where the page's language starts (Chromium sets an empty "auto"
 * field left to right, whatever the page), and "10 دقائق" does not flip at its first digit.
 */
export const typedDirection = (value: unknown): 'auto' | undefined =>
  hasLetter(String(value ?? '')) ? 'auto' : undefined

/**
 * A text input in the app's style; `className` sets its width and spacing (full width below a label
 * by default). Its text takes its own direction (typedDirection), but for a password, whose dots
 * need not say which script it starts with, and a search field, whose icon sits at the page's start
 * (SearchField): both keep the page's direction, so their padding stays on the icon's side.
 */
export function TextInput({
  invalid = false,
  className = 'mt-1 w-full text-base',
  ...props
}: Control & InputHTMLAttributes<HTMLInputElement>) {
  const own = props.type !== 'password' && props.type !== 'search'
  return (
    <input
      dir={own ? typedDirection(props.value) : undefined}
      className={controlClass(invalid, className)}
      {...props}
    />
  )
}

/** A select in the same style. */
export function Select({
  invalid = false,
  className = 'mt-1 w-full',
  ...props
}: Control & SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={controlClass(invalid, className)} {...props} />
}

/** A multi-line text box in the same style, its text in its own direction as TextInput's. */
export function TextArea({
  invalid = false,
  className = 'mt-1 w-full',
  ...props
}: Control & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea dir={typedDirection(props.value)} className={controlClass(invalid, className)} {...props} />
  )
}
