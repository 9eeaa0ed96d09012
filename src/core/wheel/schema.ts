import * as z from 'zod/mini'
import { storableString } from '../text/schema'
import { HEX_COLOR_PATTERN, ID_PATTERN } from './check-basics'
import { isPlainItemList } from './checks'
import { LABEL_COLORS, MAX_THEME_COLORS, MIN_THEME_COLORS } from './look'
import {
  type Item,
  MAX_ITEM_TEXT,
  MAX_ITEMS,
  MAX_WHEEL_NAME,
  SPIN_DURATION,
  type SpinHistoryEntry,
  WHEEL_MODES,
  WHEEL_SIZE,
  type Wheel,
  type WheelSettings,
} from './model'
import { isPictureUrl, MAX_PICTURE_BYTES } from './picture'

/**
 * The canonical, strict shape of wheels as Whirl stores and exchanges them (zod/mini: a few kB in
 * the page instead of the full zod). Anything that passes is safe to use as is; the storage
 * reader repairs what does not. The server can use the same schemas for the cloud copy.
 */

export const idSchema = z.string().check(z.regex(ID_PATTERN))
export const hexColorSchema = z.string().check(z.regex(HEX_COLOR_PATTERN))
/** ISO 8601 in UTC, as Date.prototype.toISOString writes it. */
export const timestampSchema = z.iso.datetime()

export const lookSchema = z.object({
  palette: z.optional(
    z.array(hexColorSchema).check(z.minLength(MIN_THEME_COLORS), z.maxLength(MAX_THEME_COLORS)),
  ),
  labelColor: z.enum(LABEL_COLORS),
  labelFont: z.enum(['sans', 'serif', 'mono']),
  centerColor: hexColorSchema,
})

/** A stored picture: a PNG, JPEG or WebP data URL under the byte cap (picture.ts). */
export const pictureSchema = z
  .string()
  .check(
    z.refine(
      isPictureUrl,
      `A picture must be a PNG, JPEG or WebP data URL of at most ${MAX_PICTURE_BYTES / 1024} KB`,
    ),
  )

export const itemSchema = z.object({
  id: idSchema,
  text: storableString(MAX_ITEM_TEXT).check(z.refine((s) => s.trim().length > 0, 'Item text is blank')),
  color: hexColorSchema,
  weight: z.optional(z.int().check(z.gte(1), z.lte(100))),
  image: z.optional(pictureSchema),
})

const onSlider = (range: { min: number; max: number; step: number }) =>
  z.int().check(
    z.gte(range.min),
    z.lte(range.max),
    z.refine((n) => (n - range.min) % range.step === 0, `Not a step of ${range.step}`),
  )

export const wheelSettingsSchema = z.object({
  spinDuration: onSlider(SPIN_DURATION),
  soundEnabled: z.boolean(),
  confettiEnabled: z.boolean(),
  wheelSize: onSlider(WHEEL_SIZE),
  mode: z.enum(WHEEL_MODES as ['normal', 'elimination', 'accumulation']),
})

/** A wheel whose items are checked by `items` (the strict item list, or the quick check below). */
const wheelWith = (items: z.ZodMiniType<Item[]>) =>
  z
    .object({
      id: z.nullable(idSchema),
      name: storableString(MAX_WHEEL_NAME),
      items,
      settings: wheelSettingsSchema,
      tally: z.optional(z.record(idSchema, z.int().check(z.gte(1)))),
      look: z.optional(lookSchema),
      centerImage: z.optional(pictureSchema),
      createdAt: z.optional(timestampSchema),
      updatedAt: z.optional(timestampSchema),
    })
    .check(
      z.refine((w) => new Set(w.items.map((i) => i.id)).size === w.items.length, 'Item ids repeat'),
      z.refine((w) => {
        if (!w.tally) return true
        const ids = new Set(w.items.map((i) => i.id))
        return Object.keys(w.tally).every((id) => ids.has(id))
      }, 'The tally names an item that is not on the wheel'),
    )

export const wheelSchema = wheelWith(z.array(itemSchema).check(z.maxLength(MAX_ITEMS)))

/** wheelSchema with the quick item check: where it succeeds, wheelSchema gives the same wheel. */
export const plainWheelSchema = wheelWith(z.custom<Item[]>(isPlainItemList))

export const spinHistoryEntrySchema = z.object({
  id: idSchema,
  result: z.object({ text: storableString(MAX_ITEM_TEXT), color: hexColorSchema }),
  wheelName: storableString(MAX_WHEEL_NAME),
  timestamp: timestampSchema,
})

/** Compile-time proof that the schemas describe exactly the model's types. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export type SchemasMatchModel = [
  Same<z.infer<typeof itemSchema>, Item>,
  Same<z.infer<typeof wheelSettingsSchema>, WheelSettings>,
  Same<z.infer<typeof wheelSchema>, Wheel>,
  Same<z.infer<typeof spinHistoryEntrySchema>, SpinHistoryEntry>,
] extends [true, true, true, true]
  ? true
  : never
const schemasMatchModel: SchemasMatchModel = true
void schemasMatchModel
