import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import { provinceCodeSchema } from './provinces.ts'

/** CPA (A1234ABC) or the old four-digit postal code. */
export const postalCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^([A-HJ-NP-Z]\d{4}[A-Z]{3}|\d{4})$/,
    'Ingresá un código postal válido (ej.: C1414ABC o 1414)',
  )

const text = (label: string, max: number) =>
  z
    .string({ error: `Ingresá ${label}` })
    .trim()
    .min(1, `Ingresá ${label}`)
    .max(max)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullish()

export const addressInputSchema = z.object({
  label: optionalText(40),
  street: text('la calle', 120),
  number: text('la altura', 20),
  floorApartment: optionalText(40),
  city: text('la localidad o barrio', 120),
  provinceCode: provinceCodeSchema,
  postalCode: postalCodeSchema.nullish(),
  notes: optionalText(300),
  latitude: z.number({ error: 'Elegí el punto en el mapa' }).min(-90).max(90),
  longitude: z.number({ error: 'Elegí el punto en el mapa' }).min(-180).max(180),
  placeId: z.string().max(200).nullish(),
  isDefault: z.boolean().optional(),
})
export type AddressInput = z.infer<typeof addressInputSchema>

/** Spec section 3: Address (_id, latitude, longitude, default flag) plus what Argentina needs. */
export const addressSchema = z.object({
  _id: z.string(),
  label: z.string().nullable(),
  street: z.string(),
  number: z.string(),
  floorApartment: z.string().nullable(),
  city: z.string(),
  provinceCode: provinceCodeSchema,
  provinceName: z.string(),
  postalCode: z.string().nullable(),
  notes: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  placeId: z.string().nullable(),
  isDefault: z.boolean(),
  formattedAddress: z.string(),
  createdAt: z.string(),
})
export type Address = z.infer<typeof addressSchema>
export const addressPageSchema = pageOf(addressSchema)
export const addressListQuerySchema = paginationQuery(PAGE_SIZES.addresses)

/** Spec section 5 wording, answered by the server and raised by the client alike. */
export const NO_OWNER_MESSAGE = 'User is not logged in and deviceId not set...'
