import { Search } from 'lucide-react'
import { useId } from 'react'
import { TextInput } from './text-input'

/** A search box with a magnifier and a label for screen readers; `className` places its wrapper. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className = 'relative',
  id,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  className?: string
  id?: string
}) {
  const ownId = useId()
  const inputId = id ?? ownId
  return (
    <div className={className}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <TextInput
        id={inputId}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="w-full ps-9 text-sm"
      />
    </div>
  )
}
