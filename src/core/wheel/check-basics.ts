/**
 * The first rules of the hand-written wheel checks (checks.ts): ids, colours, objects and lists.
 * Kept apart so that what a first visit runs (the palettes, the sync record's reader) does not
 * load the rules of a whole stored wheel, which only a browser holding one needs.
 */

/** Lower-case #rrggbb, as stored (normalizeHex turns #rgb and upper case into this). */
export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/
/** Ids: 1–64 letters, digits, '_' or '-', starting with a letter or digit (so never '__proto__'). */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

export const isValidId = (value: unknown): value is string =>
  typeof value === 'string' && ID_PATTERN.test(value)

export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX_COLOR_PATTERN.test(value)

/**
 * `value` itself when it is a plain object with no keys but `keys`; a copy holding only those of
 * its keys (what zod's object returns) when it is another object; null when it is no object.
 */
export function pick(value: unknown, keys: readonly string[]): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  const record = value as Record<string, unknown>
  let plain = Object.getPrototypeOf(value) === Object.prototype
  if (plain)
    for (const key in record)
      if (!keys.includes(key)) {
        plain = false
        break
      }
  if (plain) return record
  const copy: Record<string, unknown> = {}
  for (const key of keys) if (key in record) copy[key] = record[key]
  return copy
}

/**
 * Each value of a list as `read` gives it, or null when the list is longer than `limit` or `read`
 * refuses any; the list itself when nothing was copied (as zod's array with a maximum returns it).
 */
export function strictList<T>(value: unknown, limit: number, read: (v: unknown) => T | null): T[] | null {
  if (!Array.isArray(value) || value.length > limit) return null
  let copy: T[] | null = null
  for (let i = 0; i < value.length; i += 1) {
    const one = read(value[i])
    if (one === null) return null
    if (one !== value[i] && !copy) copy = value.slice(0, i)
    copy?.push(one)
  }
  return copy ?? value
}

/** A list of strings, as `z.array(z.string())` returns it. */
export const strictStrings = (value: unknown): string[] | null =>
  strictList(value, Number.POSITIVE_INFINITY, (v) => (typeof v === 'string' ? v : null))
