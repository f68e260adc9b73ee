import QRCode from 'qrcode'
import { useMemo } from 'react'

/**
 * A QR code as inline SVG, drawn synchronously (one path of dark modules), so a page printed as
 * soon as it renders already has it. `qrcode` is the library the API uses for its TOTP codes.
 */
export function QrCode({ value, size, label }: { value: string; size: string; label: string }) {
  const { path, side } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' })
    const quiet = 2
    let d = ''
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`
    return { path: d, side: modules.size + 2 * quiet }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
