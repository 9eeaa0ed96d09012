import { type RandomSource, randomInt } from '../random/random'

/**
 * Room codes (issue 35): 6 characters that are easy to read aloud and to type from a projector.
 * The alphabet leaves out the characters that look alike: 0/O/D/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B and
 * U/V. 19 characters, 6 of them: 19^6 ≈ 47 million codes.
 */
export const ROOM_CODE_ALPHABET = 'ACEFHJKMNPRTWXY3479'
export const ROOM_CODE_LENGTH = 6

/** A new code from `source` (the crypto source on the server). */
export function newRoomCode(source: RandomSource): string {
  let code = ''
  for (let i = 0; i < ROOM_CODE_LENGTH; i++)
    code += ROOM_CODE_ALPHABET[randomInt(source, ROOM_CODE_ALPHABET.length)]
  return code
}

/**
 * A code as someone typed it: case and spaces or dashes do not matter (`ack 349` is `ACK349`).
 * Null when it cannot be a room code.
 */
export function readRoomCode(typed: unknown): string | null {
  if (typeof typed !== 'string' || typed.length > 32) return null
  const code = typed.toUpperCase().replace(/[\s-]/g, '')
  return isRoomCode(code) ? code : null
}

const CODE_PATTERN = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`)
export const isRoomCode = (code: unknown): code is string =>
  typeof code === 'string' && CODE_PATTERN.test(code)
