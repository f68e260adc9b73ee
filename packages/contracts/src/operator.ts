import { z } from 'zod'
import { moderationNoticeSchema } from './admin-stores.ts'
import { storeCategorySchema } from './common.ts'
import { PAGE_SIZES } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'

/**
 * The marketplace operator (issue 24): platform staff who vet merchants, behind a mandatory
 * second factor (TOTP, RFC 6238).
 */

// ---------------------------------------------------------------------------------------------
// Second factor

/**
 * Where the session stands with its second factor: `none` (the account has none and needs none),
 * `enrol` (an operator without one: the session may only enrol), `verify` (enrolled, not yet
 * confirmed in this session), `done` (confirmed in this session).
 */
export const SECOND_FACTOR_STATES = ['none', 'enrol', 'verify', 'done'] as const
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number]
export const secondFactorStateSchema = z.enum(SECOND_FACTOR_STATES)

/** POST /auth/totp/enrol: a new secret for the authenticator app (not active until verified). */
export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/Barrio:<email>?secret=…&issuer=Barrio */
  otpauthUrl: z.string(),
  /** The same URL as a QR code, an SVG document. */
  qrSvg: z.string(),
})
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>

/** A code from the app (6 digits) or a one-use recovery code (xxxx-xxxx). */
export const totpVerifyInputSchema = z.object({
  code: z
    .string({ error: 'Ingresá el código' })
    .trim()
    .regex(
      /^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4})$/i,
      'Ingresá los 6 números de la app o un código de recuperación',
    ),
})
export type TotpVerifyInput = z.infer<typeof totpVerifyInputSchema>

/** POST /auth/totp/verify: the session is complete; recovery codes only right after enrolment. */
export const totpVerifyResultSchema = z.object({
  secondFactor: z.literal('done'),
  /** Ten one-use codes, shown once (the first verification of an enrolment); else null. */
  recoveryCodes: z.array(z.string()).nullable(),
})
export type TotpVerifyResult = z.infer<typeof totpVerifyResultSchema>

// ---------------------------------------------------------------------------------------------
// Merchant applications

export const MERCHANT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const
export type MerchantApplicationStatus = (typeof MERCHANT_APPLICATION_STATUSES)[number]
export const MERCHANT_APPLICATION_STATUS_LABELS: Record<MerchantApplicationStatus, string> = {
  pending: 'Pendiente',
  approved: 'Aprobada',
  rejected: 'Rechazada',
}

export const operatorApplicationListQuerySchema = paginationQuery(PAGE_SIZES.adminCustomers).extend(
  {
    status: z.enum(MERCHANT_APPLICATION_STATUSES).optional(),
  },
)
export type OperatorApplicationListQuery = z.input<typeof operatorApplicationListQuerySchema>

export const operatorApplicationSchema = z.object({
  _id: z.string(),
  status: z.enum(MERCHANT_APPLICATION_STATUSES),
  businessName: z.string(),
  cuit: z.string(),
  /** The CUIT's check digit verified again when the operator reads it. */
  cuitValid: z.boolean(),
  phone: z.string(),
  category: storeCategorySchema,
  address: z.object({
    street: z.string(),
    number: z.string(),
    floorApartment: z.string().nullable(),
    neighbourhood: z.string().nullable(),
    city: z.string(),
    provinceCode: z.string(),
    postalCode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  applicant: z.object({
    _id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
})
export type OperatorApplication = z.infer<typeof operatorApplicationSchema>
export const operatorApplicationPageSchema = pageOf(operatorApplicationSchema)

export const rejectApplicationInputSchema = z.object({
  reason: z
    .string({ error: 'Contale al comercio por qué' })
    .trim()
    .min(10, 'Contale al comercio por qué, en al menos 10 caracteres')
    .max(500, 'El motivo puede tener hasta 500 caracteres'),
})
export type RejectApplicationInput = z.infer<typeof rejectApplicationInputSchema>

// ---------------------------------------------------------------------------------------------
// Stores and product moderation

/** `suspended`: suspended by the operator (whatever the seller's own status); `archived`: by its seller. */
export const OPERATOR_STORE_STATUSES = ['active', 'suspended', 'archived'] as const
export type OperatorStoreStatus = (typeof OPERATOR_STORE_STATUSES)[number]
export const OPERATOR_STORE_STATUS_LABELS: Record<OperatorStoreStatus, string> = {
  active: 'Activo',
  suspended: 'Suspendido',
  archived: 'Archivado',
}

export const operatorStoreListQuerySchema = paginationQuery(PAGE_SIZES.adminCustomers).extend({
  /** Name, handle or the owner's e-mail (contains, accents and case ignored). */
  q: z.string().trim().max(100, 'La búsqueda puede tener hasta 100 caracteres').optional(),
  status: z.enum(OPERATOR_STORE_STATUSES, { error: 'Elegí un estado válido' }).optional(),
})
export type OperatorStoreListQuery = z.input<typeof operatorStoreListQuerySchema>

/** A store of the city as the operator sees it: owner, status, suspension, orders and sales. */
export const operatorStoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  category: storeCategorySchema,
  city: z.string(),
  provinceCode: z.string(),
  owner: z.object({ _id: z.string(), email: z.string() }),
  status: z.enum(OPERATOR_STORE_STATUSES),
  suspension: moderationNoticeSchema.nullable(),
  /** Orders placed with the store, cancelled ones left out. */
  ordersCount: z.number().int().nonnegative(),
  /** Sales in centavos: order totals less refunds, cancelled orders left out. */
  salesCents: z.number().int(),
  createdAt: z.string(),
})
export type OperatorStore = z.infer<typeof operatorStoreSchema>
export const operatorStorePageSchema = pageOf(operatorStoreSchema)

/** Why the operator suspends a store or hides a product: its team reads it. */
export const moderationReasonInputSchema = z.object({
  reason: z
    .string({ error: 'Contá el motivo' })
    .trim()
    .min(3, 'El motivo tiene que tener al menos 3 caracteres')
    .max(500, 'El motivo puede tener hasta 500 caracteres'),
})
export type ModerationReasonInput = z.infer<typeof moderationReasonInputSchema>

/** POST /operator/products/{id}/hide|unhide: the product as moderated. */
export const operatorProductModerationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  storeId: z.string(),
  hidden: moderationNoticeSchema.nullable(),
})
export type OperatorProductModeration = z.infer<typeof operatorProductModerationSchema>

/** GET /operator/stores/{id}/products: a store's products as the operator moderates them. */
export const operatorStoreProductsQuerySchema = paginationQuery(PAGE_SIZES.adminProducts).extend({
  /** Title or handle (contains, accents and case ignored). */
  q: z.string().trim().max(100, 'La búsqueda puede tener hasta 100 caracteres').optional(),
})
export type OperatorStoreProductsQuery = z.input<typeof operatorStoreProductsQuerySchema>

export const operatorStoreProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  handle: z.string(),
  /** The seller's own status. */
  status: z.enum(['draft', 'active', 'archived']),
  /** The lowest variant price, centavos. */
  priceCents: z.number().int().nullable(),
  hidden: moderationNoticeSchema.nullable(),
})
export type OperatorStoreProduct = z.infer<typeof operatorStoreProductSchema>
export const operatorStoreProductPageSchema = pageOf(operatorStoreProductSchema)
