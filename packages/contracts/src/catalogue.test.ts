import { expect, test } from 'vitest'
import { ERROR_CATALOGUE, ERROR_CODES } from './errors.ts'
import {
  DELIVERY_TYPE_LABELS,
  FULFILLMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  TIMELINE_EVENT_LABELS,
  DEFAULT_VARIANT_TITLE,
  customerVariantTitle,
} from './labels-es.ts'
import { provinceCodeSchema } from './common.ts'
import { PROVINCES } from './provinces.ts'
import { PAYMENT_METHODS, TIMELINE_EVENTS } from './enums.ts'

test('the catalogue has the 30 codes of spec section 8 plus our own, each with a status and a Spanish message', () => {
  // 30 from spec section 8, then roles and invitations (decision 029), then idempotency (027).
  expect(ERROR_CODES).toHaveLength(36)
  expect(ERROR_CODES.slice(0, 30)).toContain('APPLE_ACCOUNT_EXISTS')
  expect(ERROR_CODES.slice(30)).toEqual([
    'ROLE_NOT_ALLOWED',
    'INVITATION_EXPIRED',
    'INVITATION_USED',
    'INVITATION_REVOKED',
    'INVITATION_WRONG_ACCOUNT',
    'IDEMPOTENCY_KEY_REUSED',
  ])
  for (const code of ERROR_CODES) {
    expect(ERROR_CATALOGUE[code].status).toBeGreaterThanOrEqual(400)
    expect(ERROR_CATALOGUE[code].message.length).toBeGreaterThan(5)
  }
})

test('24 provinces with unique one-letter codes, including the spec examples', () => {
  expect(PROVINCES).toHaveLength(24)
  expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(24)
  const byName = Object.fromEntries(PROVINCES.map((p) => [p.name, p.code]))
  expect(byName).toMatchObject({
    'Buenos Aires': 'B',
    'Ciudad Autónoma de Buenos Aires': 'C',
    Córdoba: 'X',
    'Santa Fe': 'S',
    Mendoza: 'M',
    Tucumán: 'T',
  })
  expect(provinceCodeSchema.safeParse('Ñ').success).toBe(false)
})

test('labels follow the spec wording', () => {
  expect(PAYMENT_METHODS).toHaveLength(9)
  expect(Object.keys(PAYMENT_METHOD_LABELS)).toHaveLength(9)
  expect(DELIVERY_TYPE_LABELS).toEqual({
    pickup: 'Retiro en tienda',
    delivery: 'Entrega a domicilio',
    shipping: 'Envío a domicilio',
  })
  expect(ORDER_STATUS_LABELS).toEqual({
    open: 'En proceso',
    unfulfilled: 'Sin preparar',
    fulfilled: 'Preparado',
    archived: 'Archivado',
    completed: 'Completado',
    cancelled: 'Cancelado',
  })
  expect(FULFILLMENT_STATUS_LABELS.fulfilled).toBe('Pedido preparado')
  expect(FULFILLMENT_STATUS_LABELS.out_for_delivery).toBe('Pedido en camino')
  // The spec's 14, and the botón de arrepentimiento's request (issue 27).
  expect(TIMELINE_EVENTS).toHaveLength(15)
  expect(TIMELINE_EVENT_LABELS).toMatchObject({
    ORDER_PLACED: 'Pedido recibido',
    OUT_FOR_DELIVERY: 'En camino',
    DELIVERED: 'Entregado',
    FULFILLMENT_CREATED: 'Comenzó la preparación',
    WITHDRAWAL_REQUESTED: 'Pidió la revocación de la compra',
  })
})

test('customers never see the default variant name', () => {
  expect(customerVariantTitle(DEFAULT_VARIANT_TITLE)).toBe('')
  expect(customerVariantTitle(null)).toBe('')
  expect(customerVariantTitle('Grano / 500 g')).toBe('Grano / 500 g')
})
