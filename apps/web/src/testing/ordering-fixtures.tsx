import { cartItemSchema, cartSchema, type Cart, type CartItem } from '@barrio/contracts/cart'
import { checkoutSummarySchema, type CheckoutSummary } from '@barrio/contracts/checkout'
import type { Invoice } from '@barrio/contracts/invoicing'
import { orderSchema, type Order } from '@barrio/contracts/orders'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'

import { theme } from '@/app/theme'
import { ConfirmHost } from '@/components/confirm/confirm-host'
import { Toasts } from '@/components/toasts'
import { createQueryClient } from '@/lib/query-client'

// Mantine's autosize Textarea listens to document.fonts, which jsdom does not have.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {} },
  })
}

/** Carts, checkouts and orders built through the contract schemas, so fixtures cannot drift. */
export const CART_ID = '44444444-4444-4444-8444-444444444444'
export const STORE = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Tostadero Soho',
  handle: 'tostadero-soho',
  isOpen: true,
  openNow: true,
}
export const OTHER_STORE = {
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'Verdulería Don Carmelo',
  handle: 'verduleria',
  isOpen: true,
  openNow: true,
}
export const VARIANT_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
export const VARIANT_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'
export const ADDRESS_ID = '11111111-1111-4111-8111-111111111111'
export const CHECKOUT_ID = '66666666-6666-4666-8666-666666666666'
export const ORDER_ID = '77777777-7777-4777-8777-777777777777'

export function buildCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const unitPrice = overrides.unitPrice ?? 350000
  const quantity = overrides.quantity ?? 1
  return cartItemSchema.parse({
    _id: `item-${overrides.variantId ?? VARIANT_A}`,
    variantId: VARIANT_A,
    productId: 'p-1',
    title: 'Café de Colombia 250 g',
    variantTitle: 'Molido',
    imageUrl: null,
    unitPrice,
    lineTotal: unitPrice * quantity,
    stock: 10,
    isAvailable: true,
    ...overrides,
    quantity,
  })
}

export function buildCart(items: CartItem[] = [], overrides: Partial<Cart> = {}): Cart {
  return cartSchema.parse({
    _id: CART_ID,
    note: '',
    items,
    totalPrice: items.reduce((sum, i) => sum + i.lineTotal, 0),
    currency: 'ARS',
    attributes: {},
    storeId: items.length ? STORE._id : null,
    store: items.length ? STORE : null,
    itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
    ...overrides,
  })
}

export function buildSummary(overrides: Partial<CheckoutSummary> = {}): CheckoutSummary {
  return checkoutSummarySchema.parse({
    checkoutId: CHECKOUT_ID,
    step: 'contact_information',
    store: STORE,
    shippingAddress: {
      _id: ADDRESS_ID,
      formattedAddress: 'Gurruchaga 1723, Palermo, CABA',
      approximate: false,
    },
    contact: {
      firstName: 'Lucía',
      lastName: 'Pérez',
      phone: '+5491123456789',
      email: 'lucia@example.com',
    },
    deliveryType: null,
    paymentMethod: null,
    note: '',
    items: [
      {
        variantId: VARIANT_A,
        productId: 'p-1',
        title: 'Café de Colombia 250 g',
        variantTitle: 'Molido',
        imageUrl: null,
        unitPrice: 350000,
        quantity: 2,
        lineTotal: 700000,
      },
    ],
    subtotal: 700000,
    deliveryFee: 0,
    taxes: 0,
    taxLines: [],
    discount: 0,
    coupon: null,
    total: 700000,
    currency: 'ARS',
    deliveryOptions: [
      {
        type: 'pickup',
        label: 'Retiro en tienda',
        available: true,
        reason: null,
        fee: 0,
        isFree: true,
        estimate: 'Listo para retirar en 20–30 min',
        pickupAddress: 'Gurruchaga 1700, Palermo',
        distanceKm: null,
        asap: true,
        canSchedule: false,
      },
      {
        type: 'delivery',
        label: 'Entrega a domicilio',
        available: true,
        reason: null,
        fee: 150000,
        isFree: false,
        estimate: 'Llega en 35–45 min',
        pickupAddress: null,
        distanceKm: 1.2,
        asap: true,
        canSchedule: false,
      },
      {
        type: 'shipping',
        label: 'Envío a domicilio',
        available: false,
        reason: 'El comercio no envía a tu provincia',
        fee: 0,
        isFree: false,
        estimate: '3 días hábiles',
        pickupAddress: null,
        distanceKm: null,
        asap: true,
        canSchedule: false,
      },
    ],
    paymentMethods: [
      { method: 'cash', label: 'Efectivo', details: {} },
      {
        method: 'bank_transfer',
        label: 'Transferencia bancaria',
        details: {
          cbu: '0140999801200012345678',
          alias: 'tostadero.soho',
          holder: 'Tostadero SRL',
        },
      },
    ],
    canConfirm: false,
    blockers: [],
    notices: [],
    scheduledFor: null,
    ...overrides,
  })
}

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    _id: ORDER_ID,
    number: 1001,
    status: 'open',
    statusLabel: 'En proceso',
    paymentStatus: 'pending',
    paymentStatusLabel: 'Pendiente',
    fulfillmentStatus: 'unfulfilled',
    fulfillmentStatusLabel: 'Sin preparar',
    deliveryType: 'pickup',
    deliveryTypeLabel: 'Retiro en tienda',
    scheduledFor: null,
    paymentMethod: 'bank_transfer',
    paymentMethodLabel: 'Transferencia bancaria',
    store: { _id: STORE._id, name: STORE.name, handle: STORE.handle, phone: null },
    contact: {
      firstName: 'Lucía',
      lastName: 'Pérez',
      phone: '+5491123456789',
      email: 'lucia@example.com',
    },
    shippingAddress: null,
    pickupAddress: 'Gurruchaga 1700, Palermo',
    note: '',
    items: [
      {
        _id: 'oi-1',
        productId: 'p-1',
        variantId: VARIANT_A,
        title: 'Café de Colombia 250 g',
        variantTitle: 'Molido',
        sku: null,
        imageUrl: null,
        unitPrice: 350000,
        quantity: 2,
        lineTotal: 700000,
      },
    ],
    subtotal: 700000,
    deliveryFee: 0,
    taxes: 0,
    taxLines: [],
    total: 700000,
    currency: 'ARS',
    paymentInstructions: {
      cbu: '0140999801200012345678',
      alias: 'tostadero.soho',
      holder: 'Tostadero SRL',
      amount: 700000,
    },
    fulfillments: [],
    timeline: [
      {
        type: 'ORDER_PLACED',
        label: 'Pedido recibido',
        note: null,
        createdAt: '2026-11-22T13:00:00.000Z',
      },
    ],
    createdAt: '2026-11-22T13:00:00.000Z',
    updatedAt: '2026-11-22T13:00:00.000Z',
    ...overrides,
  })
}

/** The app's providers around a memory router, with a query client the test holds. */
export function renderOrdering(
  routes: RouteObject[],
  {
    url = '/',
    queryClient = createQueryClient(),
  }: { url?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        <ConfirmHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { ...result, router, queryClient }
}

/** "$ 7.000" with a normal space, for comparing formatted money. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ')

export const INVOICE_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d'

/**
 * An authorized Factura B of ORDER_ID as GET …/invoices answers it (issue 27); `pdfUrl` is the
 * customer's unless the caller gives the seller's.
 */
export function buildInvoice(over: Partial<Invoice> = {}): Invoice {
  return {
    _id: INVOICE_ID,
    kind: 'invoice',
    label: 'Factura B 00003-00000012',
    letter: 'B',
    voucherType: 6,
    pointOfSale: 3,
    number: 12,
    status: 'authorized',
    total: 700000,
    cae: '74123456789012',
    caeDueDate: '2026-12-09',
    issuedOn: '2026-11-29',
    error: null,
    createdAt: '2026-11-29T12:00:00.000Z',
    pdfUrl: `/api/v1/orders/${ORDER_ID}/invoices/${INVOICE_ID}/pdf`,
    ...over,
  }
}
