import { t } from '../../i18n/i18n'

// The wheel file code (import, export, Wheel of Names files) is loaded when first used, keeping
// the wheel page's first load lean.
export const loadWheelFile = () => import('../../features/saved-wheels/wheel-file')
export const readWheelFile = (file: File) =>
  loadWheelFile().then(
    (m) => m.readWheelFile(file),
    () => ({
      ok: false as const,
      error: t('The import could not be loaded. Check your connection and try again.'),
    }),
  )
