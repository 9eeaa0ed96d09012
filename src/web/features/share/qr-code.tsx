import { useMemo } from 'react'
import { encodeQr } from '../../../core/share/qr'

/** The QR code of a text as SVG (dark modules on white, with the standard quiet zone of 4 modules). */
export function QrCode({ text, size = 160 }: { text: string; size?: number }) {
  const { path, side } = useMemo(() => {
    const matrix = encodeQr(text)
    const d: string[] = []
    matrix.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d.push(`M${x + 4} ${y + 4}h1v1h-1z`)
      })
    })
    return { path: d.join(''), side: matrix.length + 8 }
  }, [text])
  return (
    <svg
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      role="img"
      aria-label="QR code of the link"
      data-testid="share-qr"
      shapeRendering="crispEdges"
      className="rounded-lg"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  )
}
