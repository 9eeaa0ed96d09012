/**
 * What the app asks of a schema that reads data it did not make (a zod schema, or a reader written
 * by hand for a first page load): `safeParse`, which answers the value it accepts or a failure.
 */
export type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } }
