/** The look of a wheel (Premium themes, see themes.ts): plain data (its schema is in schema.ts, its hand-written check in checks.ts). */
import { msg } from '../i18n/message-id'

export const LABEL_COLORS = ['auto', 'black', 'white'] as const
export type LabelColor = (typeof LABEL_COLORS)[number]
export const LABEL_FONTS = { sans: msg('Sans serif'), serif: msg('Serif'), mono: msg('Monospace') } as const
export type LabelFont = keyof typeof LABEL_FONTS
export const FONT_STACKS: Record<LabelFont, string> = {
  sans: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  serif: 'ui-serif, Georgia, Cambria, "Times New Roman", serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
}

export type WheelLook = {
  /** The colours new items take, in turn; absent: the default palette. */
  palette?: string[]
  labelColor: LabelColor
  labelFont: LabelFont
  centerColor: string
}

export const DEFAULT_LOOK: WheelLook = { labelColor: 'auto', labelFont: 'sans', centerColor: '#ffffff' }

export const MIN_THEME_COLORS = 2
export const MAX_THEME_COLORS = 12
