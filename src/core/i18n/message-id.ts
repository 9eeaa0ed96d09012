// A message's id in the compiled catalogues: a short hash of its English source (FNV-1a, 32 bits,
// base 36), so a catalogue ships ids of 6–7 characters rather than the English text, and the code
// keeps the readable English. The build refuses two messages whose ids collide (scripts/i18n.mjs).

export function messageId(source: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < source.length; i++) {
    hash ^= source.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/**
 * Marks an English message that is kept in a constant rather than written where it is shown (a
 * rule's message in src/core, a server's error): returns it unchanged, and tells the catalogue's
 * extraction (scripts/i18n.mjs) that it is a message. It is translated where it is shown.
 */
export function msg<const T extends string>(source: T): T {
  return source
}
