import {
  paymentMethodSettingInputSchema,
  type PaymentMethodSetting,
  type PaymentMethodSettingInput,
} from '@barrio/contracts/admin-settings'
import type { PaymentMethod } from '@barrio/contracts/enums'

import { validateWith, type Validated } from '@/components/form/form-errors'

/** Methods whose setting carries details the seller fills in. */
export const METHODS_WITH_DETAILS = ['bank_transfer', 'cash', 'mercado_pago'] as const
export type MethodWithDetails = (typeof METHODS_WITH_DETAILS)[number]

export function hasDetails(method: PaymentMethod): method is MethodWithDetails {
  return (METHODS_WITH_DETAILS as readonly string[]).includes(method)
}

export type BankTransferForm = {
  cbu: string
  alias: string
  holder: string
  bank: string
  cuit: string
}
export type CashForm = { onPickup: boolean; onDelivery: boolean }
export type MercadoPagoForm = { accessToken: string; publicKey: string }

export type PaymentDetailsForms = {
  bank_transfer: BankTransferForm
  cash: CashForm
  mercado_pago: MercadoPagoForm
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** The details forms as saved (the Mercado Pago token is never sent back, so it starts empty). */
export function detailsFormsFrom(settings: PaymentMethodSetting[]): PaymentDetailsForms {
  const details = (method: PaymentMethod) =>
    settings.find((s) => s.method === method)?.details ?? {}
  const bank = details('bank_transfer')
  const cash = details('cash')
  const mp = details('mercado_pago')
  return {
    bank_transfer: {
      cbu: str(bank.cbu),
      alias: str(bank.alias),
      holder: str(bank.holder),
      bank: str(bank.bank),
      cuit: str(bank.cuit),
    },
    cash: {
      onPickup: typeof cash.onPickup === 'boolean' ? cash.onPickup : true,
      onDelivery: typeof cash.onDelivery === 'boolean' ? cash.onDelivery : true,
    },
    mercado_pago: { accessToken: '', publicKey: str(mp.publicKey) },
  }
}

/** Whether Mercado Pago credentials are stored (the API answers a state, never the token). */
export function isMercadoPagoConnected(setting: PaymentMethodSetting | undefined): boolean {
  if (!setting) return false
  const d = setting.details
  return Boolean(d.connected ?? d.hasAccessToken ?? d.accessTokenSet ?? d.accessTokenLast4)
}

/**
 * The Mercado Pago account the stored token belongs to, as one line ("nickname · email · id"),
 * or null when the API did not say (a token saved before accounts were checked).
 */
export function mercadoPagoAccountLabel(setting: PaymentMethodSetting | undefined): string | null {
  const account = setting?.details.account
  if (!account || typeof account !== 'object') return null
  const { id, nickname, email } = account as { id?: unknown; nickname?: unknown; email?: unknown }
  const parts = [
    typeof nickname === 'string' ? nickname : null,
    typeof email === 'string' ? email : null,
    typeof id === 'string' || typeof id === 'number' ? `id ${id}` : null,
  ].filter((p): p is string => Boolean(p))
  return parts.length ? parts.join(' · ') : null
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** The POST body for one method. */
export function buildPaymentSettingInput(
  method: PaymentMethod,
  enabled: boolean,
  forms: PaymentDetailsForms,
): Record<string, unknown> {
  switch (method) {
    case 'bank_transfer': {
      const f = forms.bank_transfer
      return {
        method,
        enabled,
        details: {
          // Pasted CBUs often come grouped with spaces or dashes.
          cbu: f.cbu.replace(/[\s-]/g, ''),
          alias: orNull(f.alias),
          holder: f.holder.trim(),
          bank: orNull(f.bank),
          cuit: orNull(f.cuit),
        },
      }
    }
    case 'cash':
      return { method, enabled, details: { ...forms.cash } }
    case 'mercado_pago': {
      const f = forms.mercado_pago
      return {
        method,
        enabled,
        details: {
          ...(f.accessToken.trim() ? { accessToken: f.accessToken.trim() } : {}),
          publicKey: orNull(f.publicKey),
        },
      }
    }
    default:
      return { method, enabled, details: {} }
  }
}

/** Validates one method's setting with the contract (CBU/CVU 22 digits, alias, titular…). */
export function validatePaymentSetting(
  method: PaymentMethod,
  enabled: boolean,
  forms: PaymentDetailsForms,
  { mercadoPagoConnected = false }: { mercadoPagoConnected?: boolean } = {},
): Validated<PaymentMethodSettingInput> {
  const result = validateWith(
    paymentMethodSettingInputSchema,
    buildPaymentSettingInput(method, enabled, forms),
  )
  if (
    result.success &&
    method === 'mercado_pago' &&
    enabled &&
    !mercadoPagoConnected &&
    !forms.mercado_pago.accessToken.trim()
  ) {
    return {
      success: false,
      errors: { 'details.accessToken': 'Pegá el access token de Mercado Pago' },
    }
  }
  return result
}
