import { Link } from 'react-router'
import { usePageTitle } from '../../ui/use-page-title'
import { ContactForm } from './contact-form'

export function Component() {
  usePageTitle('Contact Us')
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Questions, ideas or trouble with a wheel? Write to us and we will reply within 24 hours. Many answers
        are already in the{' '}
        <Link to="/faq" className="font-medium text-brand-700 underline dark:text-brand-100">
          FAQ
        </Link>
        .
      </p>
      <ContactForm />
    </div>
  )
}
