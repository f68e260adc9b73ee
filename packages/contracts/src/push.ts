import { z } from 'zod'

/**
 * Push notifications (issue 15): the app registers the token its platform's push service gave it
 * for the signed-in user's current device, and removes it on sign-out. Tapping a notification
 * opens `data.url`.
 */
export const PUSH_PLATFORMS = ['android', 'ios'] as const
export type PushPlatform = (typeof PUSH_PLATFORMS)[number]

/** FCM registration tokens and APNs device tokens (hex): letters, digits, `:_-.` only. */
export const deviceTokenSchema = z
  .string({ error: 'Falta el token del dispositivo' })
  .trim()
  .min(1, 'Falta el token del dispositivo')
  .max(4096, 'El token del dispositivo es demasiado largo')
  .regex(/^[A-Za-z0-9:_.-]+$/, 'El token del dispositivo no es válido')

/** POST /api/v1/push/devices → 204. */
export const pushDeviceInputSchema = z.object({
  deviceToken: deviceTokenSchema,
  devicePlatform: z.enum(PUSH_PLATFORMS, { error: 'Plataforma no válida' }),
})
export type PushDeviceInput = z.infer<typeof pushDeviceInputSchema>

/** DELETE /api/v1/push/devices/{deviceToken} → 204 (also when the token was not registered). */
export const pushDeviceParamsSchema = z.object({ deviceToken: deviceTokenSchema })

/** The data every order push carries: the order and the app path a tap opens. */
export const pushDataSchema = z.object({
  orderId: z.string(),
  /** `/orders/{id}` for the customer, `/admin/orders/{id}` for the store. */
  url: z.string(),
})
export type PushData = z.infer<typeof pushDataSchema>

export { pushTestInputSchema } from './auth.ts'
