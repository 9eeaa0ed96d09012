import type { HTMLAttributes, ReactNode, Ref } from 'react'

/**
 * The red box that says something went wrong: a rule the input broke or the server's answer. It is
 * announced (role="alert"); `title` is a bold first line, `icon` an optional mark before the text.
 */
export function Alert({
  title,
  icon,
  children,
  className = '',
  ref,
  ...props
}: {
  title?: ReactNode
  icon?: ReactNode
  children?: ReactNode
  ref?: Ref<HTMLDivElement>
} & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      ref={ref}
      role="alert"
      className={`flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 outline-none dark:border-red-800 dark:bg-red-950 dark:text-red-100 ${className}`}
      {...props}
    >
      {icon}
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  )
}
