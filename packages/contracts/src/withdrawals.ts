import { z } from 'zod'
import { emailSchema } from './auth.ts'
import type { StoreCategory } from './common.ts'
import { pageOf, paginationQuery } from './pagination.ts'

/**
 * The botón de arrepentimiento (issue 27, Res. 424/2020 SCI; Ley 24.240 art. 34): a customer may
 * revoke an online purchase within 10 calendar days of receiving it, without signing in; the shop
 * answers with a revocation code at once.
 */
export const WITHDRAWAL_DAYS = 10

/**
 * Food shops, whose products start outside the botón (perishables: Ley 24.240 art. 34 lets them
 * out); the seller can say otherwise per product (`withdrawalExempt`).
 */
export const WITHDRAWAL_EXEMPT_CATEGORIES = [
  'almacen',
  'verduleria',
  'panaderia',
  'carniceria',
  'fiambreria',
  'dietetica',
  'cafe',
  'heladeria',
  'restaurante',
] as const satisfies readonly StoreCategory[]

export const WITHDRAWAL_STATUSES = ['requested', 'accepted', 'rejected'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  requested: 'Pedida',
  accepted: 'Aceptada',
  rejected: 'Rechazada',
}

// eslint-disable-next-line no-control-regex -- the point is to refuse them (line breaks are text)
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** Free text: trimmed, at most `max` characters, no NUL or control characters. */
const plainText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      error: 'Usá solo texto, sin caracteres de control',
    })

/** POST /api/v1/withdrawals: what identifies the purchase, and nothing else. */
export const withdrawalRequestSchema = z.object({
  /** The order number as the customer has it: "1001" or "#1001". */
  orderNumber: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim().replace(/^#/, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{1,9}$/, 'Ingresá el número de pedido (por ejemplo, 1001)')
        .transform(Number),
    ),
  email: emailSchema,
  name: plainText(100, 'El nombre puede tener hasta 100 caracteres').pipe(
    z.string().min(2, 'Ingresá tu nombre'),
  ),
  reason: plainText(500, 'El motivo puede tener hasta 500 caracteres').optional(),
})
export type WithdrawalRequestInput = z.input<typeof withdrawalRequestSchema>

/** The answer, the same for a known purchase and for an unknown order and e-mail pair. */
export const withdrawalReceiptSchema = z.object({
  code: z.string(),
  orderNumber: z.number().int(),
  status: z.literal('requested'),
})
export type WithdrawalReceipt = z.infer<typeof withdrawalReceiptSchema>

/** A request as the store sees it (GET /api/v1/admin/withdrawals). */
export const adminWithdrawalSchema = z.object({
  _id: z.string(),
  code: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  name: z.string(),
  email: z.string(),
  reason: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
})
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>
export const adminWithdrawalPageSchema = pageOf(adminWithdrawalSchema)

export const adminWithdrawalListQuerySchema = paginationQuery(20).extend({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
})

/** Accepting refunds the order through the refund flow; `restock` puts its units back. */
export const acceptWithdrawalSchema = z.object({ restock: z.boolean().default(false) })
export const rejectWithdrawalSchema = z.object({
  reason: plainText(500, 'El motivo puede tener hasta 500 caracteres').pipe(
    z.string().min(3, 'Contale al cliente por qué'),
  ),
})
