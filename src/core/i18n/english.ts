// The English text of a message with placeholders, for the places that need the words themselves
// (a server's answer, a mail, a check's result) while the web shows the same message translated
// with t(source, values). Only plain placeholders: "{name}" becomes the value, as written.

export type EnglishValues = Record<string, string | number>

/** `source` (an English ICU message with plain `{name}` placeholders) with its values filled in. */
export function english(source: string, values: EnglishValues): string {
  return source.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  )
}

/** A message with values: its English source and the values that fill it. */
export type Sourced = readonly [source: string, values: EnglishValues]

/**
 * The source and values of an English text made by `english` from one of `sourced` (a check's
 * error, a server's answer), so a page can show it with t(source, values). Any other text is its
 * own source.
 */
export function sourceOf(text: string, sourced: readonly Sourced[]): Sourced {
  return sourced.find(([source, values]) => english(source, values) === text) ?? [text, {}]
}
