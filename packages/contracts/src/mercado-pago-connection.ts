import { z } from 'zod'

/**
 * Mercado Pago as a marketplace (issue 24, decision 049): a store connects its Mercado Pago
 * account to Barrio's application with OAuth, and its preferences then carry the commission as
 * `marketplace_fee`.
 */

/** GET /admin/payments/mercadopago/connect: where to send the seller's browser to authorize. */
export const mercadoPagoConnectSchema = z.object({ authorizationUrl: z.url() })
export type MercadoPagoConnect = z.infer<typeof mercadoPagoConnectSchema>

/** GET /admin/payments/mercadopago/connection: the store's connection, as the seller sees it. */
export const mercadoPagoConnectionSchema = z.object({
  /** Whether this Barrio has a Mercado Pago application (MP_CLIENT_ID and MP_CLIENT_SECRET). */
  available: z.boolean(),
  connected: z.boolean(),
  /** Mercado Pago's id of the connected account; null when not connected. */
  mpUserId: z.string().nullable(),
  connectedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The store still charges with a pasted access token (no commission split). */
  pastedToken: z.boolean(),
})
export type MercadoPagoConnection = z.infer<typeof mercadoPagoConnectionSchema>

/**
 * The query flag the OAuth callback adds to the seller's payment settings page:
 * `?mercadoPago=connected`, or `?mercadoPago=error&reason=<reason>`.
 */
export const MERCADO_PAGO_RESULT_PARAM = 'mercadoPago'
export const MERCADO_PAGO_REASON_PARAM = 'reason'
export const MERCADO_PAGO_CONNECT_ERRORS = ['state', 'refused', 'denied', 'unavailable'] as const
export type MercadoPagoConnectError = (typeof MERCADO_PAGO_CONNECT_ERRORS)[number]

/** What the seller reads after coming back from Mercado Pago (es-AR). */
export const MERCADO_PAGO_CONNECT_MESSAGES: Record<'connected' | MercadoPagoConnectError, string> =
  {
    connected: 'Conectaste tu cuenta de Mercado Pago. Tus próximos cobros ya usan esta cuenta.',
    state:
      'El enlace para conectar Mercado Pago venció o ya se usó. Tocá "Conectar con Mercado Pago" de nuevo.',
    refused: 'Mercado Pago no aceptó la autorización. Probá conectar de nuevo desde esta página.',
    denied: 'No autorizaste a Barrio en Mercado Pago. Tu cuenta no quedó conectada.',
    unavailable: 'No pudimos comunicarnos con Mercado Pago. Probá de nuevo en unos minutos.',
  }
