import { z } from 'zod'
import { priceInputSchema } from './common.ts'
import { PAYMENT_METHODS, paymentMethodSchema } from './enums.ts'
import { provinceCodeSchema } from './common.ts'

const cents = priceInputSchema()

/** GET /admin/app_resources/payment_methods: the nine methods and whether Barrio processes each. */
export const appPaymentMethodSchema = z.object({
  method: paymentMethodSchema,
  label: z.string(),
  isAvailable: z.boolean(),
  description: z.string(),
})

/** CBU or CVU: 22 digits. */
export const cbuSchema = z
  .string()
  .trim()
  .regex(/^\d{22}$/, 'El CBU/CVU tiene 22 dígitos')
export const aliasSchema = z
  .string()
  .trim()
  .regex(
    /^[a-zA-Z0-9.-]{6,20}$/,
    'El alias tiene de 6 a 20 caracteres: letras, números, punto o guion',
  )

export const paymentMethodDetailsSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('bank_transfer'),
    details: z
      .object({
        cbu: cbuSchema,
        alias: aliasSchema.nullish(),
        holder: z.string().trim().min(1, 'Ingresá el titular').max(120),
        bank: z.string().trim().max(80).nullish(),
        cuit: z.string().trim().max(13).nullish(),
      })
      .strict(),
  }),
  z.object({
    method: z.literal('cash'),
    details: z
      .object({ onPickup: z.boolean().default(true), onDelivery: z.boolean().default(true) })
      .strict()
      .default({ onPickup: true, onDelivery: true }),
  }),
  z.object({
    method: z.literal('mercado_pago'),
    details: z
      .object({
        accessToken: z
          .string()
          .trim()
          .min(10, 'Pegá el access token de Mercado Pago')
          .max(300)
          .optional(),
        publicKey: z.string().trim().max(300).nullish(),
      })
      .strict()
      .default({}),
  }),
  ...(['credit_card', 'debit_card', 'paypal', 'apple_pay', 'google_pay', 'crypto'] as const).map(
    (method) => z.object({ method: z.literal(method), details: z.object({}).strict().default({}) }),
  ),
])

export const paymentMethodSettingInputSchema = z.intersection(
  z.object({ enabled: z.boolean().default(true) }),
  paymentMethodDetailsSchema,
)
export type PaymentMethodSettingInput = z.infer<typeof paymentMethodSettingInputSchema>

/** A store's setting for one method; Mercado Pago credentials are never sent back, only their state. */
export const paymentMethodSettingSchema = z.object({
  _id: z.string(),
  method: paymentMethodSchema,
  label: z.string(),
  enabled: z.boolean(),
  details: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
})
export type PaymentMethodSetting = z.infer<typeof paymentMethodSettingSchema>

export const deliveryFeeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flat'), amount: cents }),
  z.object({
    type: z.literal('bands'),
    bands: z
      .array(z.object({ upToKm: z.number().positive().max(200), amount: cents }))
      .min(1, 'Agregá al menos un tramo')
      .max(20),
  }),
])

/**
 * Orders scheduled into slots, per delivery type (issue 26): slots of `slotMinutes` inside the
 * opening hours, each taking up to `slotCapacity` orders, from now + `prepMinutes` +
 * `cutoffMinutes` up to `maxDaysAhead` days ahead (0: today only).
 */
export const schedulingSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    slotMinutes: z
      .number()
      .int()
      .min(15, 'Las franjas duran al menos 15 minutos')
      .max(120, 'Las franjas duran hasta 120 minutos')
      .default(30),
    slotCapacity: z
      .number()
      .int()
      .min(1, 'Cada franja toma al menos 1 pedido')
      .max(500, 'Hasta 500 pedidos por franja')
      .default(5),
    prepMinutes: z.number().int().min(0).max(1440, 'Hasta 1440 minutos').default(60),
    maxDaysAhead: z
      .number()
      .int()
      .min(0)
      .max(14, 'Se puede programar hasta 14 días antes')
      .default(7),
    cutoffMinutes: z.number().int().min(0).max(1440, 'Hasta 1440 minutos').default(0),
  })
  .strict()
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>
/** Delivery types that can be scheduled: shipping takes days, not slots. */
export const SCHEDULABLE_DELIVERY_TYPES = ['pickup', 'delivery'] as const

/** GET/POST /admin/store_settings_logistics (issue 5 names). */
export const logisticsSettingsSchema = z.object({
  pickup: z
    .object({
      enabled: z.boolean(),
      address: z.string().trim().max(200).nullish(),
      preparationMinutes: z.number().int().min(0).max(10_080).default(30),
      instructions: z.string().trim().max(500).nullish(),
    })
    .strict(),
  delivery: z
    .object({
      enabled: z.boolean(),
      radiusKm: z
        .number()
        .positive('El radio debe ser mayor a 0')
        .max(50, 'El radio máximo es 50 km'),
      fee: deliveryFeeSchema,
      freeFrom: cents.nullish(),
      minOrder: cents.nullish(),
      estimatedMinutes: z.number().int().min(0).max(10_080).default(45),
    })
    .strict(),
  shipping: z
    .object({
      enabled: z.boolean(),
      provinces: z.array(z.object({ code: provinceCodeSchema, fee: cents })).max(24),
      estimatedDays: z.number().int().min(0).max(60).default(5),
    })
    .strict(),
  /** Take orders while the store is closed; they are prepared when it opens (issue 6). */
  ordersWhenClosed: z.boolean().default(false),
  /** Scheduled orders per delivery type (issue 26); off until the seller turns them on. */
  scheduling: z
    .object({
      pickup: schedulingSettingsSchema.prefault({}),
      delivery: schedulingSettingsSchema.prefault({}),
    })
    .strict()
    .prefault({}),
})
export type LogisticsSettings = z.infer<typeof logisticsSettingsSchema>

/** POST /admin/store_settings_taxes: rate is a percentage (21, 10.5). */
export const taxSettingInputSchema = z
  .object({
    name: z.string({ error: 'Ingresá un nombre' }).trim().min(1, 'Ingresá un nombre').max(60),
    rate: z
      .number({ error: 'Ingresá la alícuota' })
      .min(0, 'La alícuota no puede ser negativa')
      .max(100, 'La alícuota no puede superar 100 %')
      .multipleOf(0.01, 'Hasta dos decimales'),
    appliesTo: z.enum(['all', 'collections']).default('all'),
    collectionIds: z.array(z.uuid()).max(50).default([]),
    included: z.boolean().default(true),
  })
  .strict()
  .refine((t) => t.appliesTo === 'all' || t.collectionIds.length > 0, {
    message: 'Elegí al menos una colección',
    path: ['collectionIds'],
  })
export type TaxSettingInput = z.infer<typeof taxSettingInputSchema>
export const taxSettingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rate: z.number(),
  appliesTo: z.enum(['all', 'collections']),
  collectionIds: z.array(z.string()),
  included: z.boolean(),
  updatedAt: z.string(),
})
export type TaxSetting = z.infer<typeof taxSettingSchema>

/** Which events email or notify the store. */
export const STORE_NOTIFICATION_EVENTS = [
  'order_placed',
  'order_cancelled',
  'payment_received',
  'low_stock',
  /** A scheduled order's slot is near: time to prepare it (issue 26). */
  'slot_reminder',
  /** A customer used the botón de arrepentimiento on an order (issue 27). */
  'withdrawal_requested',
  /** ARCA refused an invoice, or the store's certificate expires within 30 days (issue 27). */
  'invoicing_problem',
] as const
export type StoreNotificationEvent = (typeof STORE_NOTIFICATION_EVENTS)[number]
export const STORE_NOTIFICATION_LABELS: Record<StoreNotificationEvent, string> = {
  order_placed: 'Pedido nuevo',
  order_cancelled: 'Pedido cancelado',
  payment_received: 'Pago recibido',
  low_stock: 'Stock bajo',
  slot_reminder: 'Recordatorio de pedido programado',
  withdrawal_requested: 'Arrepentimiento de una compra',
  invoicing_problem: 'Problemas con la factura electrónica (ARCA)',
}
export const notificationSettingsSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Ingresá un correo válido' }))
    .nullish(),
  /**
   * Per event; one left out (a client from before the event existed) reads e-mail on, push off.
   * The API answers every event.
   */
  events: z.partialRecord(
    z.enum(STORE_NOTIFICATION_EVENTS),
    z.object({ email: z.boolean(), push: z.boolean() }),
  ),
  lowStockThreshold: z.number().int().min(0).max(10_000).default(3),
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

/**
 * GET/PUT /admin/store_settings_printing (decision 052): "Imprimir automáticamente los pedidos
 * nuevos" opens the comanda of each order that reaches the seller's dashboard.
 */
export const printingSettingsSchema = z
  .object({ autoPrintNewOrders: z.boolean({ error: 'Indicá si se imprimen solos' }) })
  .strict()
export type PrintingSettings = z.infer<typeof printingSettingsSchema>

export { PAYMENT_METHODS }

/**
 * GET/POST /admin/store_settings_payments: how long a Mercado Pago order may wait for its payment
 * before it is cancelled and its stock released, and how many unpaid orders one customer may have
 * open in the store at once.
 */
export const paymentRulesSchema = z
  .object({
    mercadoPagoPaymentMinutes: z
      .number({ error: 'Ingresá los minutos' })
      .int('Ingresá minutos enteros')
      .min(5, 'Dale al cliente al menos 5 minutos para pagar')
      .max(1440, 'Hasta 1440 minutos (24 horas)'),
    maxUnpaidOrdersPerCustomer: z
      .number({ error: 'Ingresá una cantidad' })
      .int('Ingresá una cantidad entera')
      .min(1, 'Permití al menos 1 pedido sin pagar')
      .max(20, 'Hasta 20 pedidos sin pagar'),
  })
  .strict()
export type PaymentRules = z.infer<typeof paymentRulesSchema>
export const DEFAULT_PAYMENT_RULES: PaymentRules = {
  mercadoPagoPaymentMinutes: 30,
  maxUnpaidOrdersPerCustomer: 2,
}
