import { CheckCircle2, TriangleAlert } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  type ContactErrors,
  type ContactFields,
  validateContact,
} from '../../../core/contact/rules'
import { sendContactMessage } from '../../api/contact'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { supportEmail } from '../../state/site-config'
import { Alert } from '../../ui/alert'
import { buttonClass } from '../../ui/button-class'
import { ContactField, describedBy } from '../../ui/contact-field'
import { Select, TextArea, TextInput } from '../../ui/text-input'

type Status = { kind: 'idle' | 'sending' | 'success' } | { kind: 'error'; reason: string | null }
type Field = keyof ContactFields

const EMPTY: ContactFields = { name: '', email: '', subject: '', message: '', type: 'general' }
/** validateContact's order, used to focus the first invalid field (type, shown earlier, only fails if tampered with). */
const FIELD_ORDER: Field[] = ['name', 'email', 'subject', 'message', 'type']
const id = (field: Field) => `contact-${field}`

/** The contact form: validates as the server does, posts to /api/contact, never loses a typed message. */
export function ContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const honeypot = useRef<HTMLInputElement>(null)
  const banner = useRef<HTMLDivElement>(null)
  const email = supportEmail()

  useEffect(() => {
    if (status.kind === 'success' || status.kind === 'error') banner.current?.focus()
  }, [status])

  const set = (field: Field, value: string) => {
    setFields((f) => ({ ...f, [field]: value }))
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (status.kind === 'sending') return
    const found = validateContact(fields)
    // The rules' messages (src/core) in the page's language.
    setErrors(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, t(message)])))
    const first = FIELD_ORDER.find((f) => found[f])
    if (first) {
      document.getElementById(id(first))?.focus()
      return
    }
    setStatus({ kind: 'sending' })
    const result = await sendContactMessage(fields, honeypot.current?.value ?? '')
    if (result.ok) {
      setFields(EMPTY)
      if (honeypot.current) honeypot.current.value = ''
      setStatus({ kind: 'success' })
    } else {
      setStatus({ kind: 'error', reason: result.reason })
    }
  }

  const text = (field: 'name' | 'email' | 'subject', label: string, type: string, auto: string) => (
    <ContactField id={id(field)} label={label} error={errors[field]}>
      <TextInput
        id={id(field)}
        name={field}
        type={type}
        value={fields[field]}
        onChange={(e) => set(field, e.target.value)}
        autoComplete={auto}
        invalid={!!errors[field]}
        {...describedBy(id(field), errors[field])}
      />
    </ContactField>
  )

  return (
    <>
      {status.kind === 'success' && (
        <div
          ref={banner}
          tabIndex={-1}
          role="status"
          className="mt-6 flex gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900 outline-none dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <CheckCircle2 aria-hidden className="size-6 shrink-0" />
          <div>
            <p className="font-semibold">{t('Message sent successfully!')}</p>
            <p>{t("We'll get back to you as soon as possible.")}</p>
          </div>
        </div>
      )}
      {status.kind === 'error' && (
        <Alert
          ref={banner}
          tabIndex={-1}
          title={t('Failed to send message')}
          icon={<TriangleAlert aria-hidden className="size-6 shrink-0" />}
          className="mt-6 gap-3 p-4 text-base"
        >
          {status.reason && <p>{status.reason}</p>}
          <p className="break-words">
            {tx('Please try again or contact us directly at <0/>', [
              <a key="email" href={`mailto:${email}`} className="font-medium underline">
                {email}
              </a>,
            ])}
          </p>
        </Alert>
      )}

      <form
        noValidate
        onSubmit={submit}
        aria-label={t('Contact form')}
        className="mt-6 space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6 dark:bg-slate-900"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', t('Name'), 'text', 'name')}
          {text('email', t('Email'), 'email', 'email')}
        </div>
        <ContactField id={id('type')} label={t('Type of message')} error={errors.type}>
          <Select
            id={id('type')}
            name="type"
            value={fields.type}
            onChange={(e) => set('type', e.target.value)}
            invalid={!!errors.type}
            {...describedBy(id('type'), errors.type)}
          >
            {CONTACT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(CONTACT_TYPE_LABELS[type])}
              </option>
            ))}
          </Select>
        </ContactField>
        {text('subject', t('Subject'), 'text', 'off')}
        <ContactField
          id={id('message')}
          label={t('Message')}
          error={errors.message}
          extra={
            <span id="contact-message-count" className="ms-auto shrink-0 text-slate-600 dark:text-slate-400">
              {fields.message.length}/{CONTACT_MESSAGE_MAX}
            </span>
          }
        >
          <TextArea
            id={id('message')}
            name="message"
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX}
            value={fields.message}
            onChange={(e) => set('message', e.target.value.slice(0, CONTACT_MESSAGE_MAX))}
            invalid={!!errors.message}
            {...describedBy(id('message'), errors.message, 'contact-message-count')}
          />
        </ContactField>
        <div aria-hidden="true" className="absolute -start-[10000px] size-px overflow-hidden">
          <label htmlFor="contact-website">{t('Leave this field empty')}</label>
          <input
            ref={honeypot}
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <button
          type="submit"
          disabled={status.kind === 'sending'}
          className={buttonClass('primary', 'md', 'w-full sm:w-auto')}
        >
          {status.kind === 'sending' ? t('Sending...') : t('Send Message')}
        </button>
      </form>
    </>
  )
}
