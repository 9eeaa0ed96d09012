import * as z from 'zod/mini'

/** The look of a wheel (Premium themes, see themes.ts): plain data and its schema. */

export const LABEL_COLORS = ['auto', 'black', 'white'] as const
export type LabelColor = (typeof LABEL_COLORS)[number]
export const LABEL_FONTS = { sans: 'Sans serif', serif: 'Serif', mono: 'Monospace' } as const
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

const hex = z.string().check(z.regex(/^#[0-9a-f]{6}$/))
export const MIN_THEME_COLORS = 2
export const MAX_THEME_COLORS = 12

export const lookSchema = z.object({
  palette: z.optional(z.array(hex).check(z.minLength(MIN_THEME_COLORS), z.maxLength(MAX_THEME_COLORS))),
  labelColor: z.enum(LABEL_COLORS),
  labelFont: z.enum(['sans', 'serif', 'mono']),
  centerColor: hex,
})
