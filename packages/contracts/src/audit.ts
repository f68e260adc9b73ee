import { z } from 'zod'
import { calendarDaySchema } from './dates.ts'
import { pageOf, paginationQuery } from './pagination.ts'

/**
 * The audit log (issue 24, decision 047): who did what, when, to what, with the state before and
 * after. Every operator action and every sensitive seller action writes one entry in the same
 * transaction as the action itself.
 */

export const AUDIT_ACTIONS = [
  'merchant.approved',
  'merchant.rejected',
  'store.suspended',
  'store.unsuspended',
  'products.hidden',
  'products.unhidden',
  'commissions.updated',
  'team.member_invited',
  'team.invitation_resent',
  'team.role_changed',
  'team.member_removed',
  'team.invitation_revoked',
  'payments.settings_updated',
  'payments.method_removed',
  'order.refunded',
  'products.price_changed',
  'products.bulk_price_changed',
  'products.bulk_price_undone',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'merchant.approved': 'Comercio aprobado',
  'merchant.rejected': 'Solicitud rechazada',
  'store.suspended': 'Tienda suspendida',
  'store.unsuspended': 'Tienda reactivada',
  'products.hidden': 'Producto ocultado',
  'products.unhidden': 'Producto visible de nuevo',
  'commissions.updated': 'Comisiones modificadas',
  'team.member_invited': 'Invitación al equipo',
  'team.invitation_resent': 'Invitación reenviada',
  'team.role_changed': 'Cambio de rol en el equipo',
  'team.member_removed': 'Persona quitada del equipo',
  'team.invitation_revoked': 'Invitación cancelada',
  'payments.settings_updated': 'Medio de cobro modificado',
  'payments.method_removed': 'Medio de cobro eliminado',
  'order.refunded': 'Reembolso de pedido',
  'products.price_changed': 'Cambio de precio mayor al 30 %',
  'products.bulk_price_changed': 'Cambio masivo de precios',
  'products.bulk_price_undone': 'Cambio masivo de precios deshecho',
}

export const AUDIT_ACTOR_TYPES = ['operator', 'seller', 'staff', 'system'] as const
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number]
export const AUDIT_ACTOR_TYPE_LABELS: Record<AuditActorType, string> = {
  operator: 'Operación',
  seller: 'Dueño',
  staff: 'Equipo',
  system: 'Sistema',
}

/** The list's filters, as plain query parameters or inside `query` (a JSON object). */
export const auditFilterSchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: 'Elegí una acción válida' }).optional(),
    storeId: z.uuid({ error: 'El identificador de la tienda no es válido' }).optional(),
    /** The store's name or handle (contains, accents and case ignored). */
    store: z.string().trim().max(100, 'La tienda puede tener hasta 100 caracteres').optional(),
    /** Who acted, by e-mail (contains, case ignored). */
    actorEmail: z.string().trim().max(200, 'El correo puede tener hasta 200 caracteres').optional(),
    /** Buenos Aires days, both included. */
    from: calendarDaySchema().optional(),
    to: calendarDaySchema().optional(),
  })
  .strict()
export type AuditFilter = z.infer<typeof auditFilterSchema>

export const auditListQuerySchema = paginationQuery(25).extend({
  ...auditFilterSchema.shape,
  /** The same filters as a JSON object (as the other lists' `query`); plain parameters win. */
  query: z.string().max(2000, 'El filtro es demasiado largo').optional(),
})
export type AuditListQuery = z.input<typeof auditListQuerySchema>

export const auditEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  actor: z.object({
    _id: z.string().nullable(),
    /** Null for the system, or an account that no longer exists. */
    email: z.string().nullable(),
    type: z.enum(AUDIT_ACTOR_TYPES),
  }),
  /** Null for actions on no store (the commission rates); name null once the store is gone. */
  store: z.object({ _id: z.string(), name: z.string().nullable() }).nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
export const auditPageSchema = pageOf(auditEntrySchema)
