import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import {
  latitudeSchema,
  longitudeSchema,
  optionalText,
  postalAddressInputSchema,
  postalAddressSchema,
} from './common.ts'

/** A customer's address is a postal address (common.ts) plus where exactly and how to arrive. */
export const addressInputSchema = postalAddressInputSchema.extend({
  label: optionalText(40),
  notes: optionalText(300),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  placeId: z.string().max(200).nullish(),
  isDefault: z.boolean().optional(),
})
export type AddressInput = z.infer<typeof addressInputSchema>

/** Spec section 3: Address (_id, latitude, longitude, default flag) plus what Argentina needs. */
export const addressSchema = postalAddressSchema.extend({
  _id: z.string(),
  label: z.string().nullable(),
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

export { NO_OWNER_MESSAGE } from './constants.ts'
