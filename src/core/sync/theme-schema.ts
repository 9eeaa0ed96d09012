import * as z from 'zod/mini'
import { storableString } from '../text/schema'
import { MAX_THEME_COLORS, MIN_THEME_COLORS } from '../wheel/look'
import { hexColorSchema, idSchema } from '../wheel/schema'
import { MAX_THEME_NAME } from '../wheel/themes'
import { MAX_CUSTOM_THEMES, MAX_DELETED_THEME_IDS } from './themes'

/** Custom themes as the server reads them and the browser reads the server's answer (zod). */
export const customThemeSchema = z.object({
  id: idSchema,
  name: storableString(MAX_THEME_NAME).check(z.refine((s) => s.trim().length > 0, 'Give the theme a name.')),
  colors: z.array(hexColorSchema).check(z.minLength(MIN_THEME_COLORS), z.maxLength(MAX_THEME_COLORS)),
})

export const themeSyncSchema = z.object({
  themes: z.array(customThemeSchema).check(z.maxLength(MAX_CUSTOM_THEMES)),
  deleted: z.array(idSchema).check(z.maxLength(MAX_DELETED_THEME_IDS)),
})
