import { type ImportResult, parseJsonFile, parseWheelData } from '../wheel/import-export'
import { isWheelOfNamesFile, parseWheelOfNames } from './wheel-of-names'

/**
 * Any wheel file the Import button takes: Whirl's own (import-export.ts) or one from Wheel of
 * Names (wheel-of-names.ts), told apart by their fields.
 */
export function parseAnyWheelFile(text: string, now: () => number = Date.now): ImportResult {
  const data = parseJsonFile(text)
  if (!data.ok) return data
  return isWheelOfNamesFile(data.value) ? parseWheelOfNames(data.value, now) : parseWheelData(data.value, now)
}
