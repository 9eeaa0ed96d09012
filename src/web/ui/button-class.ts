// The look of a button, apart from the Button component so that a page with only links styled as
// buttons loads just this.

export type ButtonVariant = 'primary' | 'outline' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  outline: 'border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
}
const SIZES: Record<ButtonSize, string> = {
  sm: 'rounded-lg px-4 py-2 text-sm',
  md: 'rounded-lg px-5 py-2.5',
  lg: 'rounded-xl px-6 py-3 shadow-sm',
}

/**
 * The classes of a button, for a <button> or a link that looks like one: primary (the one main
 * action), outline (the others) or danger (deletes or ends something).
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${SIZES[size]} ${VARIANTS[variant]} ${extra}`.trim()
}
