import { createHash } from 'node:crypto'
import type { LogisticsSettings } from '@barrio/contracts/admin-settings'
import {
  FULFILLMENT_EVENTS_BY_DELIVERY,
  type FulfillmentEvent,
} from '@barrio/contracts/admin-orders'
import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'
import type {
  fulfillments,
  orderEvents,
  orderItems,
  orders,
  productCollections,
  products,
  productVariants,
  stores,
  storeLogistics,
  storePaymentMethods,
  storeTaxes,
} from '../db/schema/index.ts'
import { deliveryOptions, taxLines, type PricingAddress } from '../modules/checkout/pricing.ts'
import { seededRandom } from './images.ts'

/**
 * Three months of orders for the demo seller's shops, so the dashboard, analytics and payments
 * pages open on a business that looks alive. Pure: builds rows from the catalogue plan and a
 * "now"; the same inputs give the same rows (one seeded PRNG per shop). Prices, delivery fees and
 * taxes come from the checkout's own pricing functions; stock is not touched (these are history).
 */

export type OrderRow = typeof orders.$inferInsert
export type OrderItemRow = typeof orderItems.$inferInsert
export type FulfillmentRow = typeof fulfillments.$inferInsert
export type OrderEventRow = typeof orderEvents.$inferInsert

export type DemoCustomer = {
  id: string
  firstName: string
  lastName: string
  phone: string
  email: string
  /** Days before "now" the customer first shows up (new vs returning customers over time). */
  joinedDaysAgo: number
}

export type DemoOrdersInput = {
  now: Date
  sellerId: string
  stores: Array<typeof stores.$inferInsert>
  products: Array<typeof products.$inferInsert>
  variants: Array<typeof productVariants.$inferInsert>
  productCollections: Array<typeof productCollections.$inferInsert>
  /** First image of each product. */
  productImages: Map<string, string>
  customers: DemoCustomer[]
  paymentMethods: Array<typeof storePaymentMethods.$inferInsert>
  logistics: Array<typeof storeLogistics.$inferInsert>
  taxes: Array<typeof storeTaxes.$inferInsert>
}

export type DemoOrders = {
  orders: OrderRow[]
  items: OrderItemRow[]
  fulfillments: FulfillmentRow[]
  events: OrderEventRow[]
}

const DAYS = 90
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Argentina has no daylight saving time: Buenos Aires is UTC-3 all year. */
const BA_OFFSET = -3 * HOUR

/** Orders per hour of a Buenos Aires day: a lunch bump and a busier evening. */
const HOUR_WEIGHTS: Record<number, number> = {
  8: 1,
  9: 2,
  10: 3,
  11: 4,
  12: 6,
  13: 6,
  14: 3,
  15: 2,
  16: 3,
  17: 4,
  18: 6,
  19: 8,
  20: 9,
  21: 7,
  22: 3,
}
/** Sunday first, as Date#getUTCDay counts: weekends (and Friday) sell more. */
const WEEKDAY_FACTOR = [1.4, 0.8, 0.85, 0.9, 1, 1.3, 1.6]
const BASE_ORDERS_PER_DAY = 3.2

const STREETS = [
  'Thames',
  'Gurruchaga',
  'Honduras',
  'Soler',
  'Paraguay',
  'Bulnes',
  'Charcas',
  'Güemes',
  'Belgrano',
  'Sarmiento',
]
const SHIPPING_DESTINATIONS = [
  {
    city: 'La Plata',
    provinceCode: 'B',
    postalCode: 'B1900',
    street: 'Calle 7',
    latitude: -34.9214,
    longitude: -57.9544,
  },
  {
    city: 'Mar del Plata',
    provinceCode: 'B',
    postalCode: 'B7600',
    street: 'Av. Colón',
    latitude: -38.0055,
    longitude: -57.5426,
  },
  {
    city: 'Bahía Blanca',
    provinceCode: 'B',
    postalCode: 'B8000',
    street: 'Alsina',
    latitude: -38.7183,
    longitude: -62.2663,
  },
  {
    city: 'CABA',
    provinceCode: 'C',
    postalCode: 'C1424',
    street: 'Av. Rivadavia',
    latitude: -34.6186,
    longitude: -58.4411,
  },
  {
    city: 'CABA',
    provinceCode: 'C',
    postalCode: 'C1430',
    street: 'Av. Cabildo',
    latitude: -34.5617,
    longitude: -58.4563,
  },
]
const CANCEL_REASONS = [
  'El cliente pidió cancelar.',
  'Sin stock de un producto del pedido.',
  'El cliente no pudo retirar.',
  'Cancelado por el comercio: el pago no llegó.',
]
const PAID_NOTE = 'Registrado por el comercio'

/** Where a generated order ends up: its fulfillment step (0 = not started) or a cancellation. */
type Outcome = { kind: 'step'; step: number; refunded?: boolean } | { kind: 'cancelled' }

export function buildDemoOrders(input: DemoOrdersInput): DemoOrders {
  const out: DemoOrders = { orders: [], items: [], fulfillments: [], events: [] }
  const nowMs = input.now.getTime()
  const todayStart = baDayStart(nowMs)
  const collectionsOf = new Map<string, string[]>()
  for (const link of input.productCollections)
    collectionsOf.set(link.productId, [
      ...(collectionsOf.get(link.productId) ?? []),
      link.collectionId,
    ])

  const drafts: Array<{
    store: (typeof input.stores)[number]
    createdAt: number
    forced?: Outcome
    payment?: PaymentMethod
  }> = []
  for (const store of input.stores.filter((s) => s.ownerId === input.sellerId)) {
    const random = seededRandom(`orders/${store.handle}`)
    const times: number[] = []
    for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
      const dayStart = todayStart - daysAgo * DAY
      const weekday = new Date(dayStart - BA_OFFSET).getUTCDay()
      const growth = 0.75 + 0.25 * (1 - daysAgo / DAYS)
      const mean = BASE_ORDERS_PER_DAY * (WEEKDAY_FACTOR[weekday] ?? 1) * growth
      const count = Math.round(mean * (0.6 + 0.8 * random()))
      for (let i = 0; i < count; i++) {
        const at = dayStart + pickHour(random) * HOUR + Math.floor(random() * 60) * MINUTE
        if (at <= nowMs) times.push(at)
      }
    }
    // The day's work must be there whatever the hour: a few orders in the last hours.
    const recent = times.filter((t) => t > nowMs - DAY).length
    for (let i = recent; i < 6; i++) times.push(nowMs - Math.floor(random() * 5 * HOUR) - MINUTE)
    times.sort((a, b) => a - b)
    // The newest orders of the last day are the ones waiting for action, one of each kind.
    const waiting = times.filter((t) => t > nowMs - DAY).reverse()
    const forcedByTime = new Map<number, Outcome & { payment?: PaymentMethod }>()
    const plan: Array<Outcome & { payment?: PaymentMethod }> = [
      { kind: 'step', step: 0, payment: 'bank_transfer' },
      { kind: 'step', step: 0, payment: 'cash' },
      { kind: 'step', step: 1 },
      { kind: 'step', step: 2 },
      { kind: 'step', step: 2 },
    ]
    waiting.forEach((t, i) => forcedByTime.set(t, plan[i] ?? pickRecent(random)))
    for (const createdAt of times) {
      const forced = forcedByTime.get(createdAt)
      drafts.push({
        store,
        createdAt,
        ...(forced ? { forced } : {}),
        ...(forced?.payment ? { payment: forced.payment } : {}),
      })
    }
  }
  // Numbers follow time across shops, like the marketplace's one order sequence would.
  drafts.sort((a, b) => a.createdAt - b.createdAt || (a.store.handle! < b.store.handle! ? -1 : 1))

  const perStore = new Map<string, ReturnType<typeof storeContext>>()
  drafts.forEach((draft, index) => {
    const storeId = draft.store.id!
    let ctx = perStore.get(storeId)
    if (!ctx) {
      ctx = storeContext(input, draft.store, collectionsOf)
      perStore.set(storeId, ctx)
    }
    buildOrder(out, input, ctx, draft, index, nowMs)
  })
  return out
}

/** Everything about one shop an order needs: its sellable variants, rules and its own PRNG. */
function storeContext(
  input: DemoOrdersInput,
  store: DemoOrdersInput['stores'][number],
  collectionsOf: Map<string, string[]>,
) {
  const storeId = store.id!
  const active = new Map(
    input.products
      .filter((p) => p.storeId === storeId && p.status === 'active')
      .map((p) => [p.id!, p]),
  )
  const variants = input.variants.filter((v) => active.has(v.productId))
  const logistics = input.logistics.find((l) => l.storeId === storeId)
    ?.settings as LogisticsSettings
  const methods = input.paymentMethods
    .filter((m) => m.storeId === storeId && m.enabled !== false)
    .map((m) => ({ method: m.method as PaymentMethod, details: m.details }))
  const taxRules = input.taxes
    .filter((t) => t.storeId === storeId)
    .map((t) => ({
      name: t.name,
      rateBasisPoints: t.rateBasisPoints,
      appliesTo: (t.appliesTo ?? 'all') as 'all' | 'collections',
      collectionIds: t.collectionIds ?? [],
      included: t.included ?? true,
    }))
  const types = (['pickup', 'delivery', 'shipping'] as const).filter(
    (type) => logistics[type].enabled,
  )
  return {
    store,
    active,
    variants,
    logistics,
    methods,
    taxRules,
    types,
    collectionsOf,
    random: seededRandom(`order-lines/${store.handle}`),
  }
}

function buildOrder(
  out: DemoOrders,
  input: DemoOrdersInput,
  ctx: ReturnType<typeof storeContext>,
  draft: { createdAt: number; forced?: Outcome; payment?: PaymentMethod },
  index: number,
  nowMs: number,
) {
  const { random, store } = ctx
  const orderId = stableUuid(`order/${store.handle}/${draft.createdAt}/${index}`)
  const ageDays = (nowMs - draft.createdAt) / DAY
  // The demo customer (first) is left out of the open orders: checkout allows two unpaid open
  // orders per customer and shop, and whoever explores the demo must be able to order.
  const customers = input.customers.filter(
    (c, i) => c.joinedDaysAgo >= ageDays && !(draft.forced && i === 0),
  )
  // The demo customer is a regular: three times as likely as anyone else.
  const customer = weighted(random, customers, (c, i) => (i === 0 ? 3 : 1))

  // Lines: one to four different products, mostly one unit each, at today's catalogue prices.
  const lineCount = weighted(random, [1, 2, 3, 4], (n) => [35, 35, 20, 10][n - 1] ?? 1)
  const chosen = new Map<string, { variant: (typeof ctx.variants)[number]; quantity: number }>()
  for (let i = 0; i < lineCount * 3 && chosen.size < lineCount; i++) {
    const variant = ctx.variants[Math.floor(random() * ctx.variants.length)]!
    if ([...chosen.values()].some((c) => c.variant.productId === variant.productId)) continue
    chosen.set(variant.id!, {
      variant,
      quantity: weighted(random, [1, 2, 3], (q) => [70, 22, 8][q - 1] ?? 1),
    })
  }
  const lines = () =>
    [...chosen.values()].map(({ variant, quantity }) => ({
      variant,
      quantity,
      productId: variant.productId,
      lineTotal: variant.priceCents * quantity,
      collectionIds: ctx.collectionsOf.get(variant.productId) ?? [],
    }))

  // Delivery type among the shop's, priced by checkout's own rules for a plausible address.
  const wanted = weighted(random, ctx.types, (t) => ({ pickup: 45, delivery: 40, shipping: 15 })[t])
  let deliveryType: DeliveryType = wanted
  let address: ReturnType<typeof addressFor> | null = addressFor(ctx, wanted, random)
  let subtotal = lines().reduce((s, l) => s + l.lineTotal, 0)
  let option = priced(ctx, address, subtotal, deliveryType)
  // Home delivery has a minimum order: customers top up the basket, else they pick it up.
  for (let tries = 0; !option?.available && deliveryType === 'delivery' && tries < 6; tries++) {
    const first = [...chosen.values()][tries % chosen.size]!
    first.quantity++
    subtotal = lines().reduce((s, l) => s + l.lineTotal, 0)
    option = priced(ctx, address, subtotal, deliveryType)
  }
  if (!option?.available) {
    deliveryType = ctx.types.includes('pickup') ? 'pickup' : ctx.types[0]!
    address = deliveryType === 'pickup' ? null : address
    option = priced(ctx, address, subtotal, deliveryType)
  }
  const finalLines = lines()
  const deliveryFee = option?.fee ?? 0
  const taxes = taxLines(ctx.taxRules, finalLines)
  const addedTaxes = taxes.filter((t) => !t.included).reduce((s, t) => s + t.amount, 0)

  const enabled = ctx.methods.map((m) => m.method)
  const paymentMethod =
    draft.payment && enabled.includes(draft.payment)
      ? draft.payment
      : weighted(random, enabled, (m) => (m === 'bank_transfer' ? 55 : 45))
  const transfer = ctx.methods.find((m) => m.method === 'bank_transfer')?.details

  // Outcome: forced for the last day's waiting orders; history is mostly completed.
  let outcome: Outcome = draft.forced ?? historyOutcome(random, ageDays)
  const sequence = FULFILLMENT_EVENTS_BY_DELIVERY[deliveryType]
  const t0 = draft.createdAt
  // Step times: prepared within the hour, then the type's pace (shipping takes days).
  const gaps = {
    pickup: [10 + random() * 50, 20 + random() * 40, 30 + random() * 270],
    delivery: [10 + random() * 40, 25 + random() * 45, 20 + random() * 25],
    shipping: [
      30 + random() * 120,
      18 * 60 + random() * 12 * 60,
      (2 * DAY) / MINUTE + random() * 3 * 1440,
    ],
  }[deliveryType]
  const stepTimes: number[] = []
  gaps.reduce((at, gap) => {
    stepTimes.push(at + Math.round(gap) * MINUTE)
    return at + Math.round(gap) * MINUTE
  }, t0)
  if (outcome.kind === 'step' && !draft.forced) {
    // History cannot have happened after now: stop at the last step already reached.
    let step = outcome.step
    while (step > 0 && stepTimes[step - 1]! > nowMs) step--
    outcome = { ...outcome, step, ...(step < 3 ? { refunded: false } : {}) }
  } else if (outcome.kind === 'step') {
    // The waiting orders' steps are squeezed between their placing and now.
    for (let i = 0; i < outcome.step; i++)
      if (stepTimes[i]! > nowMs)
        stepTimes[i] = t0 + Math.round(((nowMs - t0) * (i + 1)) / (outcome.step + 1))
  }

  const events: OrderEventRow[] = []
  const event = (
    type: string,
    at: number,
    note: string | null = null,
    fulfillmentId: string | null = null,
  ) =>
    events.push({
      id: stableUuid(`event/${orderId}/${events.length}`),
      orderId,
      type,
      note,
      fulfillmentId,
      createdAt: new Date(at),
    })
  event('ORDER_PLACED', t0)

  let status: OrderRow['status'] = 'open'
  let fulfillmentStatus: OrderRow['fulfillmentStatus'] = 'unfulfilled'
  let paymentStatus: OrderRow['paymentStatus'] = 'pending'
  const paymentDetails: Record<string, unknown> =
    paymentMethod === 'bank_transfer' && transfer ? { transfer } : {}
  // Transfers arrive soon after the order, except the ones still waiting for confirmation.
  const transferAt = t0 + Math.round(5 + random() * 55) * MINUTE
  const transferWaits = draft.forced?.kind === 'step' && draft.forced.step === 0
  if (paymentMethod === 'bank_transfer' && !transferWaits && transferAt <= nowMs) {
    paymentStatus = 'paid'
    event('PAYMENT_RECEIVED', transferAt, PAID_NOTE)
  }

  let updatedAt = t0
  if (outcome.kind === 'cancelled') {
    const at = Math.min(nowMs, t0 + Math.round(20 + random() * 160) * MINUTE)
    const reason = CANCEL_REASONS[Math.floor(random() * CANCEL_REASONS.length)]!
    status = 'cancelled'
    event('CANCELLED', at, reason)
    if (paymentStatus === 'paid') {
      paymentStatus = 'refunded'
      paymentDetails.refundedAt = new Date(at + 10 * MINUTE).toISOString()
      event('PAYMENT_REFUNDED', at + 10 * MINUTE, PAID_NOTE)
      updatedAt = at + 10 * MINUTE
    } else {
      paymentStatus = 'voided'
      updatedAt = at
    }
  } else if (outcome.step > 0) {
    const fulfillmentId = stableUuid(`fulfillment/${orderId}`)
    const reached = sequence.slice(0, outcome.step) as FulfillmentEvent[]
    reached.forEach((step, i) => {
      const at = stepTimes[i]!
      if (step === 'preparing') event('FULFILLMENT_CREATED', at, null, fulfillmentId)
      const [type, note] = TIMELINE_OF[step]
      event(type, at, note, fulfillmentId)
      updatedAt = at
    })
    const last = reached.at(-1)!
    out.fulfillments.push({
      id: fulfillmentId,
      orderId,
      status: last,
      createdAt: new Date(stepTimes[0]!),
      updatedAt: new Date(updatedAt),
    })
    if (outcome.step === 1) fulfillmentStatus = 'in_progress'
    else if (outcome.step === 2) {
      status = 'fulfilled'
      fulfillmentStatus = 'fulfilled'
    } else {
      status = 'completed'
      fulfillmentStatus = 'delivered'
      // Cash is collected on delivery or at the counter.
      if (paymentStatus === 'pending') {
        paymentStatus = 'paid'
        event('PAYMENT_RECEIVED', updatedAt, PAID_NOTE)
      }
      const refundAt = updatedAt + Math.round(1 + random() * 2) * DAY
      if (outcome.refunded && refundAt <= nowMs) {
        paymentStatus = 'refunded'
        paymentDetails.refundedAt = new Date(refundAt).toISOString()
        event('PAYMENT_REFUNDED', refundAt, PAID_NOTE)
        updatedAt = refundAt
      } else if (ageDays > 60 && random() < 0.3) status = 'archived'
    }
  }

  out.orders.push({
    id: orderId,
    storeId: store.id!,
    userId: customer.id,
    checkoutId: stableUuid(`checkout/${orderId}`),
    status,
    paymentStatus,
    fulfillmentStatus,
    deliveryType,
    paymentMethod,
    contact: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.phone,
      email: customer.email,
    },
    shippingAddress: deliveryType === 'pickup' ? null : (address ?? null),
    pickupAddress: deliveryType === 'pickup' ? (option?.pickupAddress ?? null) : null,
    note: '',
    subtotal,
    deliveryFee,
    taxes: addedTaxes,
    taxLines: taxes,
    total: subtotal + deliveryFee + addedTaxes,
    paymentDetails,
    createdAt: new Date(t0),
    updatedAt: new Date(updatedAt),
  })
  finalLines.forEach(({ variant, quantity, lineTotal }, i) => {
    const product = ctx.active.get(variant.productId)!
    out.items.push({
      id: stableUuid(`item/${orderId}/${i}`),
      orderId,
      productId: variant.productId,
      variantId: variant.id!,
      title: product.title,
      variantTitle: variant.title ?? 'Predeterminado',
      sku: variant.sku ?? null,
      imageUrl: input.productImages.get(variant.productId) ?? null,
      unitPrice: variant.priceCents,
      quantity,
      lineTotal,
    })
  })
  out.events.push(...events)
}

/** The timeline event each fulfillment step writes (as the seller's actions write them). */
const TIMELINE_OF: Record<FulfillmentEvent, [string, string | null]> = {
  preparing: ['PREPARING', null],
  ready_for_pickup: ['READY_FOR_PICKUP', null],
  out_for_delivery: ['OUT_FOR_DELIVERY', null],
  in_transit: ['OUT_FOR_DELIVERY', 'Envío despachado'],
  picked_up: ['DELIVERED', 'Retirado en el local'],
  delivered: ['DELIVERED', null],
}

/** An order older than a day: 5 % cancelled, 2 % refunded after delivery, the rest delivered. */
function historyOutcome(random: () => number, ageDays: number): Outcome {
  const r = random()
  if (ageDays < 1) return pickRecent(random)
  if (r < 0.05) return { kind: 'cancelled' }
  return { kind: 'step', step: 3, refunded: r < 0.07 }
}

/** Orders of the last day beyond the forced ones: most done, some still on their way. */
function pickRecent(random: () => number): Outcome {
  const r = random()
  if (r < 0.6) return { kind: 'step', step: 3 }
  if (r < 0.8) return { kind: 'step', step: 2 }
  if (r < 0.95) return { kind: 'step', step: 1 }
  return { kind: 'cancelled' }
}

function priced(
  ctx: ReturnType<typeof storeContext>,
  address: PricingAddress,
  subtotal: number,
  type: DeliveryType,
) {
  const store = ctx.store
  return deliveryOptions(
    {
      latitude: store.latitude!,
      longitude: store.longitude!,
      street: store.street!,
      streetNumber: store.streetNumber!,
      city: store.city!,
    },
    ctx.logistics,
    address,
    subtotal,
  ).find((o) => o.type === type)
}

/** A customer address that fits the delivery type: near the shop, or a shippable city. */
function addressFor(
  ctx: ReturnType<typeof storeContext>,
  type: DeliveryType,
  random: () => number,
) {
  const store = ctx.store
  const number = String(100 + Math.floor(random() * 5900))
  const street = STREETS[Math.floor(random() * STREETS.length)]!
  if (type === 'shipping') {
    const provinces = ctx.logistics.shipping.provinces.map((p) => p.code as string)
    const options = SHIPPING_DESTINATIONS.filter((d) => provinces.includes(d.provinceCode))
    const d = options[Math.floor(random() * options.length)] ?? SHIPPING_DESTINATIONS[0]!
    return {
      street: d.street,
      number,
      floorApartment: null,
      neighbourhood: null,
      city: d.city,
      provinceCode: d.provinceCode,
      postalCode: d.postalCode,
      notes: null,
      latitude: d.latitude + (random() - 0.5) * 0.02,
      longitude: d.longitude + (random() - 0.5) * 0.02,
    }
  }
  // Within the delivery radius (at most 3 km): a random point around the shop.
  const km = Math.min(ctx.logistics.delivery.radiusKm, 3) * (0.15 + 0.8 * random())
  const angle = random() * 2 * Math.PI
  const latitude = store.latitude! + (km / 111) * Math.sin(angle)
  const longitude =
    store.longitude! + (km / (111 * Math.cos((store.latitude! * Math.PI) / 180))) * Math.cos(angle)
  return {
    street,
    number,
    floorApartment:
      random() < 0.4
        ? `${1 + Math.floor(random() * 9)}° ${'ABCD'[Math.floor(random() * 4)]}`
        : null,
    neighbourhood: store.neighbourhood ?? null,
    city: store.city!,
    provinceCode: store.provinceCode!,
    postalCode: store.postalCode ?? null,
    notes: null,
    latitude: Math.round(latitude * 1e6) / 1e6,
    longitude: Math.round(longitude * 1e6) / 1e6,
  }
}

/** UTC instant of the start of the Buenos Aires day that contains `ms`. */
function baDayStart(ms: number): number {
  return Math.floor((ms + BA_OFFSET) / DAY) * DAY - BA_OFFSET
}

function pickHour(random: () => number): number {
  const hours = Object.keys(HOUR_WEIGHTS).map(Number)
  return weighted(random, hours, (h) => HOUR_WEIGHTS[h] ?? 0)
}

function weighted<T>(
  random: () => number,
  items: readonly T[],
  weight: (item: T, i: number) => number,
): T {
  const weights = items.map(weight)
  let r = random() * weights.reduce((a, b) => a + b, 0)
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!
    if (r < 0) return items[i]!
  }
  return items[items.length - 1]!
}

/** A version-5-shaped UUID from a name (same scheme as the catalogue's ids). */
function stableUuid(name: string): string {
  const bytes = createHash('sha1').update(`barrio-demo/${name}`).digest().subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
