import { z } from 'zod'
import { MAX_PRICE_CENTS } from './constants.ts'
import { PROVINCE_CODES } from './provinces.ts'
import { STORE_CATEGORIES } from './store-categories.ts'

export const provinceCodeSchema = z.enum(PROVINCE_CODES, { error: 'Elegí una provincia válida' })

/**
 * Shapes every endpoint shares (docs/decisions/015-api-style.md). One postal address, one point,
 * one money amount, one list of store categories: a client learns each once.
 */

// ---------------------------------------------------------------------------------------------
// Postal address

/** CPA (A1234ABC), its province letter and number alone (A1234), or the old four digits. */
export const postalCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^([A-HJ-NP-Z]\d{4}([A-Z]{3})?|\d{4})$/,
    'Ingresá un código postal válido (ej.: C1414ABC, C1414 o 1414)',
  )

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Ingresá ${label}` })
    .trim()
    .min(1, `Ingresá ${label}`)
    .max(max)

/** Optional free text: blank becomes null, absent stays absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullish()

/**
 * The postal address as clients send it. The same names everywhere: flat on a customer address
 * and a merchant application (they are addresses), under `address` on a store (it has one).
 * `floorApartment` and `neighbourhood` are optional lines; `city` is the locality.
 */
export const postalAddressInputSchema = z.object({
  street: requiredText('la calle', 120),
  number: requiredText('la altura', 20),
  floorApartment: optionalText(40),
  neighbourhood: optionalText(120),
  city: requiredText('la localidad o barrio', 120),
  provinceCode: provinceCodeSchema,
  postalCode: postalCodeSchema.nullish(),
})
export type PostalAddressInput = z.infer<typeof postalAddressInputSchema>

/** The postal address as the API answers it: every line present (null when empty). */
export const postalAddressSchema = z.object({
  street: z.string(),
  number: z.string(),
  floorApartment: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  provinceCode: provinceCodeSchema,
  /** The province's Spanish name, for display: the API fills it from provinceCode. */
  provinceName: z.string(),
  postalCode: z.string().nullable(),
})
export type PostalAddress = z.infer<typeof postalAddressSchema>

export { formatPostalAddress, postalAddressFromInput } from './postal-address-format.ts'

// ---------------------------------------------------------------------------------------------
// Point

/**
 * A point on the wire is two decimal-degree numbers, `latitude` and `longitude` (spec section 3
 * names them for stores and addresses). The only other encodings left are the spec's own: the
 * `lat`/`lng` query parameters, a store's GeoJSON `location` (read-only mirror of the same point)
 * and the Places-shaped `geometry.location` of place lookups.
 */
export const latitudeSchema = z
  .number({ error: 'Elegí el punto en el mapa' })
  .min(-90, 'La latitud va de -90 a 90')
  .max(90, 'La latitud va de -90 a 90')
export const longitudeSchema = z
  .number({ error: 'Elegí el punto en el mapa' })
  .min(-180, 'La longitud va de -180 a 180')
  .max(180, 'La longitud va de -180 a 180')
export const pointSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema })
export type Point = z.infer<typeof pointSchema>

/** Spec section 3: a store's `location`, GeoJSON order [longitude, latitude]. Output only. */
export const geoJsonPointSchema = z.object({
  type: z.literal('Point'),
  coordinates: z.tuple([z.number(), z.number()]),
})
export type GeoJsonPoint = z.infer<typeof geoJsonPointSchema>
export const toGeoJsonPoint = ({ latitude, longitude }: Point): GeoJsonPoint => ({
  type: 'Point',
  coordinates: [longitude, latitude],
})

/** The `lat`/`lng` query parameters of the location lists (spec section 7). */
export const pointQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
})

// ---------------------------------------------------------------------------------------------
// Money

/**
 * An amount of money: integer centavos of ARS, never negative, a safe integer. Every amount on
 * the wire is this (never a formatted string). Stored amounts fit MAX_ORDER_TOTAL_CENTS; a
 * checkout summary may show a larger total, which confirm then refuses with a clear 409.
 */
export const moneySchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
/** The one currency; sent beside amounts where a client may show or forward it. */
export const currencySchema = z.literal('ARS')

/** A price or fee a seller types: centavos, at most ARS 10.000.000. */
export const priceInputSchema = (label = 'el importe') =>
  z
    .number({ error: `Ingresá ${label}` })
    .int(`${label[0]?.toUpperCase()}${label.slice(1)} va en centavos, sin decimales`)
    .min(0, 'No puede ser negativo')
    .max(MAX_PRICE_CENTS, 'El importe no puede superar $ 10.000.000')

// ---------------------------------------------------------------------------------------------
// Images a seller saves by URL

/** Where the API serves stored media, and what the upload endpoints answer: `/uploads/<key>`. */
export const UPLOADS_PATH = '/uploads/'
/** A storage key as the media pipeline writes it (`stores/<id>/<id>-1200.webp`): no `..`, no `//`. */
const MEDIA_KEY = /^(?:[\w~-][\w.~-]*\/)*[\w~-][\w.~-]*$/
export const isMediaKey = (key: string) => key.length <= 400 && MEDIA_KEY.test(key)
export const IMAGE_URL_MESSAGE = 'Usá una imagen subida a Barrio'

/**
 * The shape of an image URL a seller saves (store logo and cover, collection image): a file an
 * upload endpoint stored, as it answered it — `/uploads/<key>`, or an absolute http(s) URL
 * without credentials, query or fragment whose path is a storage key. Never `javascript:`,
 * `data:` or markup. The API then checks the origin (its own uploads, PUBLIC_URL or the S3
 * public URL: apps/api/src/lib/own-media.ts), which only it knows.
 */
export function isImageUrlShape(url: string): boolean {
  if (url.startsWith(UPLOADS_PATH)) return isMediaKey(url.slice(UPLOADS_PATH.length))
  if (!/^https?:\/\//i.test(url)) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return (
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.search === '' &&
    parsed.hash === '' &&
    parsed.href === url &&
    isMediaKey(parsed.pathname.slice(1))
  )
}

/** An optional image URL field: absent keeps, null or blank removes, else a well-formed image URL. */
export const imageUrlInputSchema = z
  .string()
  .trim()
  .max(500)
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || isImageUrlShape(v), IMAGE_URL_MESSAGE)
  .nullish()

// ---------------------------------------------------------------------------------------------
// Order lines

/**
 * A list of `{ variantId, quantity }` lines where the same variant may come more than once (the
 * server adds them up): the cap on a line's units holds for the merged line too, reported at the
 * variant's first line (`items.0.quantity`), where the merged line is.
 */
export function linesWithinCap<T extends z.ZodType<Array<{ variantId: string; quantity: number }>>>(
  lines: T,
  max: number,
  message: string,
) {
  return lines.superRefine((items, ctx) => {
    const merged = new Map<string, { first: number; quantity: number }>()
    items.forEach((item, index) => {
      const line = merged.get(item.variantId)
      if (line) line.quantity += item.quantity
      else merged.set(item.variantId, { first: index, quantity: item.quantity })
    })
    for (const { first, quantity } of merged.values())
      if (quantity > max)
        ctx.addIssue({ code: 'custom', path: [first, 'quantity'], message, input: quantity })
  })
}

// ---------------------------------------------------------------------------------------------
// Store categories

export {
  STORE_CATEGORIES,
  STORE_CATEGORY_LABELS,
  STORE_CATEGORY_OPTIONS,
} from './store-categories.ts'
export type { StoreCategory } from './store-categories.ts'
export const storeCategorySchema = z.enum(STORE_CATEGORIES, { error: 'Elegí un rubro' })
