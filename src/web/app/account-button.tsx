import { Link } from 'react-router'

/** The header's account control: Sign In for visitors. */
export function AccountButton() {
  return (
    <Link
      to="/profile"
      className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
    >
      Sign In
    </Link>
  )
}
