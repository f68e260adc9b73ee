import { describe, expect, test } from 'vitest'
import {
  orderNoticeStage,
  orderWhatsAppLink,
  orderWhatsAppText,
  storeWhatsAppLink,
  waMeDigits,
  type OrderNoticeInput,
} from './whatsapp.ts'

const nbsp = (s: string | null) => String(s ?? '').replace(/\u00a0/g, ' ')

function order(over: Partial<OrderNoticeInput> = {}): OrderNoticeInput {
  return {
    number: 1234,
    status: 'open',
    paymentStatus: 'pending',
    paymentMethod: 'mercado_pago',
    deliveryType: 'pickup',
    pickupAddress: null,
    total: 700000,
    refundedAmount: 0,
    contact: { firstName: 'Ana', phone: '+5493415550101' },
    store: { name: 'Panadería Lola' },
    fulfillments: [],
    ...over,
  }
}

describe('waMeDigits: the number as wa.me takes it', () => {
  test.each([
    ['+5491144445555', '5491144445555'],
    // An Argentine number stored without the 9 gets it (WhatsApp knows mobiles only that way).
    ['+541144445555', '5491144445555'],
    ['011 4444-5555', '5491144445555'],
    ['+34 612 34 56 78', '34612345678'],
  ])('%s → %s', (phone, digits) => {
    expect(waMeDigits(phone)).toBe(digits)
  })

  test.each([[null], [''], ['12'], ['+1234567890123456']])('%j is no number', (phone) => {
    expect(waMeDigits(phone)).toBeNull()
  })
})

describe('"Consultá por WhatsApp" on the shop and product pages', () => {
  test('names the shop, URL-encoded', () => {
    const href = storeWhatsAppLink({ whatsapp: '+5493415550101', name: 'Panadería Lola' })!
    const url = new URL(href)
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5493415550101')
    expect(url.searchParams.get('text')).toBe(
      '¡Hola, Panadería Lola! Te escribo desde Barrio para hacerte una consulta.',
    )
    expect(href).toContain('text=%C2%A1Hola%2C%20Panader%C3%ADa%20Lola')
  })

  test('names the product', () => {
    const url = new URL(
      storeWhatsAppLink({
        whatsapp: '+5493415550101',
        name: 'Panadería Lola',
        productTitle: 'Medialunas de manteca & grasa',
      })!,
    )
    expect(url.searchParams.get('text')).toBe(
      '¡Hola, Panadería Lola! Te escribo desde Barrio para consultar por Medialunas de manteca & grasa.',
    )
  })

  test('no number, no link', () => {
    expect(storeWhatsAppLink({ whatsapp: null, name: 'Panadería Lola' })).toBeNull()
  })
})

describe('"Avisar por WhatsApp": one message per moment and delivery type', () => {
  test.each<[string, Partial<OrderNoticeInput>, string, string]>([
    [
      'new pickup order',
      {},
      'received',
      '¡Hola Ana! Recibimos tu pedido #1234 de Panadería Lola; te avisamos cuando esté listo para retirar.',
    ],
    [
      'new delivery order',
      { deliveryType: 'delivery' },
      'received',
      '¡Hola Ana! Recibimos tu pedido #1234 de Panadería Lola; te avisamos cuando salga para tu domicilio.',
    ],
    [
      'new shipping order',
      { deliveryType: 'shipping' },
      'received',
      '¡Hola Ana! Recibimos tu pedido #1234 de Panadería Lola; te avisamos cuando lo despachemos.',
    ],
    [
      'paid',
      { paymentStatus: 'paid' },
      'paid',
      '¡Hola Ana! Recibimos el pago de tu pedido #1234 de Panadería Lola. ¡Gracias!',
    ],
    [
      'preparing a delivery',
      { deliveryType: 'delivery', fulfillments: [{ status: 'preparing' }] },
      'preparing',
      '¡Hola Ana! Estamos preparando tu pedido #1234 de Panadería Lola; te avisamos cuando salga para tu domicilio.',
    ],
    [
      'ready for pickup',
      { paymentStatus: 'paid', fulfillments: [{ status: 'ready_for_pickup' }] },
      'ready_for_pickup',
      '¡Hola Ana! Tu pedido #1234 de Panadería Lola está listo para retirar.',
    ],
    [
      'ready for pickup, cash still due, with the address',
      {
        paymentMethod: 'cash',
        pickupAddress: 'Córdoba 1200, Rosario',
        fulfillments: [{ status: 'cancelled' }, { status: 'ready_for_pickup' }],
      },
      'ready_for_pickup',
      '¡Hola Ana! Tu pedido #1234 de Panadería Lola está listo para retirar en Córdoba 1200, Rosario. Tené a mano $ 7.000 en efectivo.',
    ],
    [
      'out for delivery',
      { deliveryType: 'delivery', fulfillments: [{ status: 'out_for_delivery' }] },
      'out_for_delivery',
      '¡Hola Ana! Tu pedido #1234 de Panadería Lola salió para tu domicilio.',
    ],
    [
      'shipped',
      { deliveryType: 'shipping', fulfillments: [{ status: 'in_transit' }] },
      'in_transit',
      '¡Hola Ana! Despachamos tu pedido #1234 de Panadería Lola: ya está en viaje.',
    ],
    [
      'picked up',
      { status: 'completed', fulfillments: [{ status: 'picked_up' }] },
      'picked_up',
      '¡Hola Ana! Gracias por retirar tu pedido #1234 de Panadería Lola.',
    ],
    [
      'delivered (completed without fulfillments)',
      { status: 'completed', deliveryType: 'delivery' },
      'delivered',
      '¡Hola Ana! Entregamos tu pedido #1234 de Panadería Lola. ¡Gracias por tu compra!',
    ],
    [
      'cancelled, whatever its fulfillment said',
      { status: 'cancelled', fulfillments: [{ status: 'preparing' }] },
      'cancelled',
      '¡Hola Ana! Cancelamos tu pedido #1234 de Panadería Lola.',
    ],
    [
      'refunded',
      { paymentStatus: 'refunded', refundedAmount: 700000 },
      'refunded',
      '¡Hola Ana! Te reembolsamos el pedido #1234 de Panadería Lola: $ 7.000.',
    ],
    [
      'partly refunded',
      { paymentStatus: 'partially_refunded', refundedAmount: 150050 },
      'partially_refunded',
      '¡Hola Ana! Te reembolsamos parte del pedido #1234 de Panadería Lola: en total $ 1.500,50 de $ 7.000.',
    ],
  ])('%s', (_name, over, stage, text) => {
    const o = order(over)
    expect(orderNoticeStage(o)).toBe(stage)
    expect(nbsp(orderWhatsAppText(o))).toBe(text)
  })

  test('the link goes to the customer’s phone with the message', () => {
    const url = new URL(
      orderWhatsAppLink(order({ contact: { firstName: 'Ana', phone: '+543415550101' } }))!,
    )
    expect(url.pathname).toBe('/5493415550101')
    expect(url.searchParams.get('text')).toMatch(/^¡Hola Ana! Recibimos tu pedido #1234/)
  })

  test('a customer without a phone gets no link', () => {
    expect(orderWhatsAppLink(order({ contact: { firstName: 'Ana', phone: '' } }))).toBeNull()
  })
})
