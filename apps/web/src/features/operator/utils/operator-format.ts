import type { OperatorApplication } from '@barrio/contracts/operator'
import { PROVINCE_NAMES } from '@barrio/contracts/provinces'

/** "ABCD EFGH IJKL …": a base32 key in groups of four, easier to type into an app by hand. */
export function groupKey(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ')
}

/** The QR code as an image source: the server's SVG is shown as a picture, never as markup. */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `data:image/svg+xml;base64,${btoa(binary)}`
}

/** The recovery codes as the downloaded file reads them. */
export function recoveryCodesText(codes: readonly string[], email: string | null): string {
  return [
    'Barrio Operación: códigos de recuperación',
    email ? `Cuenta: ${email}` : null,
    'Cada código sirve una sola vez, si no tenés la app de autenticación a mano.',
    '',
    ...codes,
    '',
  ]
    .filter((line) => line !== null)
    .join('\n')
}

/** "20-12345678-6": a CUIT as people write it (11 digits), else as it came. */
export function formatCuit(cuit: string): string {
  const digits = cuit.replace(/\D/g, '')
  return digits.length === 11
    ? `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`
    : cuit
}

/** The applicant's name, or their e-mail when they gave none. */
export function applicantName({ applicant }: Pick<OperatorApplication, 'applicant'>): string {
  const name = [applicant.firstName, applicant.lastName].filter(Boolean).join(' ').trim()
  return name || applicant.email
}

/** "La Plata, Buenos Aires". */
export function cityAndProvince({ address }: Pick<OperatorApplication, 'address'>): string {
  const province = PROVINCE_NAMES[address.provinceCode as keyof typeof PROVINCE_NAMES]
  return [address.city, province ?? address.provinceCode].filter(Boolean).join(', ')
}

/** "Calle 7 1234, 2° B, Centro (CP 1900)". */
export function streetLine({ address }: Pick<OperatorApplication, 'address'>): string {
  const parts = [`${address.street} ${address.number}`.trim()]
  if (address.floorApartment) parts.push(address.floorApartment)
  if (address.neighbourhood) parts.push(address.neighbourhood)
  const line = parts.join(', ')
  return address.postalCode ? `${line} (CP ${address.postalCode})` : line
}
