import { parseAnyWheelFile } from '../../../core/import/wheel-file'
import {
  exportWheel,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportResult,
} from '../../../core/wheel/import-export'
import type { Wheel } from '../../../core/wheel/model'
import { downloadText } from '../../ui/download'

/**
 * Reads a chosen .json file (Whirl's own or a Wheel of Names file) into a wheel, or says why not.
 * Large files are refused unread.
 */
export async function readWheelFile(file: File): Promise<ImportResult> {
  if (!/\.json$/i.test(file.name)) return { ok: false, error: IMPORT_MESSAGES.notJsonFile }
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_MESSAGES.tooLarge }
  let text: string
  try {
    text = await file.text()
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.unreadable }
  }
  return parseAnyWheelFile(text)
}

/** Saves the wheel as a .json file through the browser's download. */
export function downloadWheel(wheel: Wheel): void {
  const { fileName, json } = exportWheel(wheel)
  downloadText(json, fileName, 'application/json')
}
