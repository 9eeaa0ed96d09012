import type { ButtonHTMLAttributes } from 'react'
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-class'

/** A button (type="button" unless told otherwise). */
export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: { variant?: ButtonVariant; size?: ButtonSize } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />
}
