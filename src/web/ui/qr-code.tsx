import { useMemo } from 'react'
import { encode } from 'uqr'
import { t } from '../i18n/i18n'

/** Modules of light margin around the code, as the QR standard asks for. */
const QUIET_ZONE = 4

/**
 * The QR code of a text as SVG (dark modules on white, with the standard quiet zone). The encoding
 * is uqr's (docs/decisions/0033-qr-library.md): error correction level M, versions 1 to 10, which
 * holds 213 bytes, far more than a share link; a longer text throws a RangeError.
 */
export function QrCode({ text, size = 160 }: { text: string; size?: number }) {
  const { path, side } = useMemo(() => {
    const { data, size: modules } = encode(text, { ecc: 'M', maxVersion: 10, border: QUIET_ZONE })
    const d: string[] = []
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d.push(`M${x} ${y}h1v1h-1z`)
      })
    })
    return { path: d.join(''), side: modules }
  }, [text])
  return (
    <svg
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      role="img"
      aria-label={t('QR code of the link')}
      data-testid="share-qr"
      shapeRendering="crispEdges"
      className="rounded-lg"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  )
}
