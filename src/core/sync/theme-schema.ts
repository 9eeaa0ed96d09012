import * as z from 'zod/mini'
import { HEX_COLOR_PATTERN, ID_PATTERN } from '../wheel/checks'
import { MAX_THEME_NAME } from '../wheel/themes'
import { MAX_CUSTOM_THEMES, MAX_DELETED_THEME_IDS } from './themes'

/** Custom themes as the server reads them and the browser reads the server's answer (zod). */
const hex = z.string().check(z.regex(HEX_COLOR_PATTERN))
const themeId = z.string().check(z.regex(ID_PATTERN))

export const customThemeSchema = z.object({
  id: themeId,
  name: z.string().check(
    z.maxLength(MAX_THEME_NAME),
    z.refine((s) => s.trim().length > 0, 'Give the theme a name.'),
  ),
  colors: z.array(hex).check(z.minLength(2), z.maxLength(12)),
})

export const themeSyncSchema = z.object({
  themes: z.array(customThemeSchema).check(z.maxLength(MAX_CUSTOM_THEMES)),
  deleted: z.array(themeId).check(z.maxLength(MAX_DELETED_THEME_IDS)),
})
