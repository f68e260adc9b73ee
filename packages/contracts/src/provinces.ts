// No zod here: the web app's first page imports these values, and a module with schemas would
// bring zod into that bundle (decision 020).

/**
 * The 24 Argentine jurisdictions (23 provinces + CABA) with their ISO 3166-2:AR letter,
 * which the spec calls the province's one-letter code.
 */
export const PROVINCES = [
  { code: 'C', name: 'Ciudad Autónoma de Buenos Aires' },
  { code: 'B', name: 'Buenos Aires' },
  { code: 'K', name: 'Catamarca' },
  { code: 'H', name: 'Chaco' },
  { code: 'U', name: 'Chubut' },
  { code: 'X', name: 'Córdoba' },
  { code: 'W', name: 'Corrientes' },
  { code: 'E', name: 'Entre Ríos' },
  { code: 'P', name: 'Formosa' },
  { code: 'Y', name: 'Jujuy' },
  { code: 'L', name: 'La Pampa' },
  { code: 'F', name: 'La Rioja' },
  { code: 'M', name: 'Mendoza' },
  { code: 'N', name: 'Misiones' },
  { code: 'Q', name: 'Neuquén' },
  { code: 'R', name: 'Río Negro' },
  { code: 'A', name: 'Salta' },
  { code: 'J', name: 'San Juan' },
  { code: 'D', name: 'San Luis' },
  { code: 'Z', name: 'Santa Cruz' },
  { code: 'S', name: 'Santa Fe' },
  { code: 'G', name: 'Santiago del Estero' },
  { code: 'V', name: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur' },
  { code: 'T', name: 'Tucumán' },
] as const

export type Province = (typeof PROVINCES)[number]
export type ProvinceCode = Province['code']

export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]]

export const PROVINCE_NAMES = Object.fromEntries(PROVINCES.map((p) => [p.code, p.name])) as Record<
  ProvinceCode,
  string
>
