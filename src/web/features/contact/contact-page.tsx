import { CheckCircle2, TriangleAlert } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  type ContactErrors,
  type ContactFields,
  validateContact,
} from '../../../core/contact'
import { supportEmail } from '../../app/site-config'
import { usePageTitle } from '../../ui/use-page-title'

type Status = 'idle' | 'sending' | 'success' | 'error'
const EMPTY: ContactFields = { name: '', email: '', subject: '', message: '', type: 'general' }
const FIELD_ORDER = ['name', 'email', 'subject', 'message'] as const

const inputClass = (invalid: boolean) =>
  `mt-1 w-full rounded-lg border bg-white px-3 py-2 dark:bg-slate-900 ${
    invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
  }`

export function Component() {
  usePageTitle('Contact Us')
  const [fields, setFields] = useState<ContactFields>(EMPTY)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [status, setStatus] = useState<Status>('idle')
  const honeypot = useRef<HTMLInputElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const email = supportEmail()

  const set = (name: keyof ContactFields, value: string) => {
    setFields((f) => ({ ...f, [name]: value }))
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateContact(fields)
    setErrors(found)
    const first = FIELD_ORDER.find((f) => found[f])
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setStatus('sending')
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...fields, website: honeypot.current?.value ?? '' }),
      })
      if (!response.ok) throw new Error(`The server answered ${response.status}`)
      setStatus('success')
      setFields(EMPTY)
    } catch (error) {
      console.error('Failed to send the contact message:', error)
      setStatus('error')
    }
  }

  const field = (name: (typeof FIELD_ORDER)[number], label: string, type = 'text') => (
    <div>
      <label htmlFor={`contact-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`contact-${name}`}
        name={name}
        type={type}
        value={fields[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
        autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'off'}
        className={inputClass(!!errors[name])}
      />
      {errors[name] && (
        <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {errors[name]}
        </p>
      )}
    </div>
  )

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Questions, ideas or trouble with a wheel? Write to us and we will reply within 24 hours.
      </p>

      {status === 'success' && (
        <div
          role="status"
          className="mt-6 flex gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <CheckCircle2 aria-hidden className="size-6 shrink-0" />
          <div>
            <p className="font-semibold">Message sent successfully!</p>
            <p>We'll get back to you as soon as possible.</p>
          </div>
        </div>
      )}
      {status === 'error' && (
        <div
          role="alert"
          className="mt-6 flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          <TriangleAlert aria-hidden className="size-6 shrink-0" />
          <div>
            <p className="font-semibold">Failed to send message</p>
            <p>
              Please try again or contact us directly at{' '}
              <a href={`mailto:${email}`} className="underline">
                {email}
              </a>
            </p>
          </div>
        </div>
      )}

      <form
        ref={form}
        noValidate
        onSubmit={submit}
        className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {field('name', 'Name')}
          {field('email', 'Email', 'email')}
        </div>
        <div>
          <label htmlFor="contact-type" className="block text-sm font-medium">
            Type of message
          </label>
          <select
            id="contact-type"
            name="type"
            value={fields.type}
            onChange={(e) => set('type', e.target.value)}
            className={inputClass(false)}
          >
            {CONTACT_TYPES.map((t) => (
              <option key={t} value={t}>
                {CONTACT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        {field('subject', 'Subject')}
        <div>
          <label htmlFor="contact-message" className="block text-sm font-medium">
            Message
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX}
            value={fields.message}
            onChange={(e) => set('message', e.target.value)}
            aria-invalid={!!errors.message}
            aria-describedby={`contact-message-count${errors.message ? ' contact-message-error' : ''}`}
            className={inputClass(!!errors.message)}
          />
          <div className="mt-1 flex justify-between gap-4 text-sm">
            <span id="contact-message-error" className="text-red-700 dark:text-red-300">
              {errors.message}
            </span>
            <span id="contact-message-count" className="shrink-0 text-slate-600 dark:text-slate-400">
              {fields.message.length}/{CONTACT_MESSAGE_MAX}
            </span>
          </div>
        </div>
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input ref={honeypot} id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <button
          type="submit"
          disabled={status === 'sending'}
          className="w-full rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 sm:w-auto"
        >
          {status === 'sending' ? 'Sending...' : 'Send Message'}
        </button>
      </form>
    </div>
  )
}
