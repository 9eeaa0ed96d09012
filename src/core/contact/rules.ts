import { msg } from '../i18n/message-id'

export const CONTACT_MESSAGE_MAX = 500
export const CONTACT_MESSAGE_MIN = 10
export const CONTACT_TYPES = ['general', 'support', 'billing', 'feedback', 'bug'] as const
export type ContactType = (typeof CONTACT_TYPES)[number]

export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  general: msg('General question'),
  support: msg('Technical support'),
  billing: msg('Billing and subscription'),
  feedback: msg('Feedback or idea'),
  bug: msg('Report a bug'),
}

/** The simple email pattern of the contact form: something@something.something, no spaces. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export type ContactFields = { name: string; email: string; subject: string; message: string; type: string }
export type ContactErrors = Partial<Record<'name' | 'email' | 'subject' | 'message' | 'type', string>>

/** The contact form's rules, in the order the form shows them. An empty object means valid. */
export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {}
  if (!fields.name.trim()) errors.name = msg('Name is required')
  else if (fields.name.trim().length > 100) errors.name = msg('Name must be at most 100 characters')
  if (!fields.email.trim()) errors.email = msg('Email is required')
  else if (!SIMPLE_EMAIL.test(fields.email.trim()) || fields.email.trim().length > 254)
    errors.email = msg('Please enter a valid email address')
  if (!fields.subject.trim()) errors.subject = msg('Subject is required')
  else if (fields.subject.trim().length > 150) errors.subject = msg('Subject must be at most 150 characters')
  const message = fields.message.trim()
  if (!message) errors.message = msg('Message is required')
  else if (message.length < CONTACT_MESSAGE_MIN)
    errors.message = msg('Message must be at least 10 characters long')
  else if (fields.message.length > CONTACT_MESSAGE_MAX)
    errors.message = msg('Message must be at most 500 characters')
  if (!(CONTACT_TYPES as readonly string[]).includes(fields.type))
    errors.type = msg('Please choose a message type')
  return errors
}
