import type {
  CounterOrderInputParsed,
  CounterOrderQuote,
} from '@barrio/contracts/admin-counter-orders'
import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'
import { MAX_ORDER_TOTAL_CENTS } from '@barrio/contracts/constants'
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { formatArs } from '../../lib/money.ts'
import { deliveryOptions, taxLines } from '../checkout/pricing.ts'
import type { CollectionsService } from '../collections/collections.service.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import type { PlacedOrder } from '../orders/order-placement.ts'
import type { OrdersService } from '../orders/orders.service.ts'
import type { PaymentsService } from '../payments/payments.service.ts'
import type { ProductsService } from '../products/products.service.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import type { AdminOrdersService } from './admin-orders.service.ts'
import { fingerprintOf, keyReused, type IdempotencyKeys } from './idempotency.ts'
import type { IdempotencyKeyRow } from './counter-orders.repository.ts'

export type CounterOrdersDeps = {
  db: Db
  /** The store's Idempotency-Keys (`idempotency.ts`, shared with refunds). */
  keys: IdempotencyKeys
  customers: Pick<CustomersService, 'forCounterOrder'>
  products: Pick<ProductsService, 'orderLines'>
  collections: Pick<CollectionsService, 'membershipsOf'>
  settings: Pick<StoreSettingsService, 'checkoutRules'>
  /** Places the order (stock, rows, e-mails, low-stock alerts, live events: `place`). */
  orders: Pick<OrdersService, 'place'>
  adminOrders: Pick<AdminOrdersService, 'get'>
  payments: Pick<PaymentsService, 'recordSellerEvent'>
  log: { info: (obj: object, msg: string) => void }
}

/** The seller taking the order: the store (x-store-id, checked) and who they are, for the timeline. */
export type SellerActor = { userId: string; storeId: string; name: string | null }

/** A 400 INVALID with its message under one field path (`items.1.quantity`, `deliveryType`). */
const invalid = (name: string, message: string, summary = message) =>
  new AppError('INVALID', summary, { errors: [{ name, message }] })

/**
 * The body's fingerprint for the Idempotency-Key: the parsed input with its keys in a fixed order
 * (so `{a,b}` and `{b,a}`, or an absent and a null address, are the same request). Lines keep
 * their order: the same products in another order are another request.
 */
export function requestFingerprint(input: CounterOrderInputParsed): string {
  return fingerprintOf([
    input.customerId,
    input.items.map((i) => [i.variantId, i.quantity]),
    input.deliveryType,
    input.shippingAddressId ?? null,
    input.paymentMethod,
    input.paid,
    input.note ?? '',
  ])
}

/** The same key sent again with another body (422, decision 027 addendum). */
const orderKeyReused = () =>
  keyReused(
    'Este pedido ya se cargó desde este formulario con otros datos. Revisá la lista de pedidos antes de cargarlo de nuevo.',
    'Ya se usó para un pedido con otros datos',
  )

/** Same variant twice in the input: one line, quantities added, reported at its first place. */
function mergeLines(items: CounterOrderInputParsed['items']) {
  const lines: Array<{ variantId: string; quantity: number; index: number }> = []
  items.forEach((item, index) => {
    const same = lines.find((l) => l.variantId === item.variantId)
    if (same) same.quantity += item.quantity
    else lines.push({ ...item, index })
  })
  return lines
}

/**
 * Orders the shop takes itself (issue 14; decision 027): a phone, WhatsApp or counter order for
 * one of the store's customers. Prices, delivery fee (the checkout's `deliveryOptions`) and taxes
 * are computed here from the store's settings; stock is taken in the same transaction with the
 * checkout's conditional updates, so sellers and customers never sell the same last unit twice.
 */
export function createCounterOrdersService(deps: CounterOrdersDeps) {
  return {
    /**
     * What the order being written costs (POST /admin/orders/quote): the same lines, delivery
     * options and taxes as create, read without a transaction and without taking stock.
     */
    async quote(
      storeId: string,
      input: {
        customerId?: string | null | undefined
        items: Array<{ variantId: string; quantity: number }>
        deliveryType?: DeliveryType | null | undefined
        shippingAddressId?: string | null | undefined
      },
    ): Promise<CounterOrderQuote> {
      const address =
        input.customerId && input.shippingAddressId && input.deliveryType !== 'pickup'
          ? (
              await deps.customers.forCounterOrder(
                storeId,
                input.customerId,
                input.shippingAddressId,
              )
            ).address
          : null
      const requested = mergeLines(input.items)
      const rules = await deps.settings.checkoutRules(storeId)
      const found = await deps.products.orderLines(
        deps.db,
        storeId,
        requested.map((l) => l.variantId),
      )
      const memberships = await deps.collections.membershipsOf([
        ...new Set(found.map((p) => p.productId)),
      ])
      const lines = requested.flatMap((r) => {
        const v = found.find((f) => f.variantId === r.variantId)
        if (!v) return []
        return [
          {
            variantId: v.variantId,
            productId: v.productId,
            title: v.title,
            variantTitle: v.variantTitle,
            unitPrice: v.priceCents,
            quantity: r.quantity,
            lineTotal: v.priceCents * r.quantity,
            stock: v.trackStock ? v.stockQuantity : null,
            collectionIds: memberships.get(v.productId) ?? [],
          },
        ]
      })
      const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0)
      const point = address?.point ? { ...address.point, provinceCode: address.provinceCode } : null
      const options = deliveryOptions(rules.store, rules.logistics, point, subtotal)
      const chosen = options.find((o) => o.type === input.deliveryType && o.available)
      const taxes = taxLines(rules.taxes, lines)
      const addedTaxes = taxes.filter((t) => !t.included).reduce((sum, t) => sum + t.amount, 0)
      const deliveryFee = chosen?.fee ?? 0
      return {
        lines: lines.map(({ productId: _p, collectionIds: _c, ...l }) => l),
        subtotal,
        deliveryOptions: options.map((o) => ({
          type: o.type,
          label: o.label,
          available: o.available,
          reason: o.reason,
          fee: o.fee,
        })),
        paymentMethods: rules.paymentMethods.map((m) => ({
          method: m.method as PaymentMethod,
          label: PAYMENT_METHOD_LABELS[m.method as PaymentMethod],
        })),
        deliveryFee,
        taxes: addedTaxes,
        total: subtotal + deliveryFee + addedTaxes,
      }
    },

    /**
     * Writes the order. With an Idempotency-Key (decision 027, addendum) the store's key is
     * claimed first in the transaction: a request that finds the key already used gets that order
     * again (`replayed`), as it is now, or 422 IDEMPOTENCY_KEY_REUSED when its body differs; two
     * at once queue on the key, and the second gets the first one's order. A request that failed
     * leaves no trace, so the key may be sent again with a corrected body.
     */
    async create(
      actor: SellerActor,
      input: CounterOrderInputParsed,
      idempotencyKey: string | null = null,
    ): Promise<{ order: Awaited<ReturnType<AdminOrdersService['get']>>; replayed: boolean }> {
      const { storeId } = actor
      const keyed = idempotencyKey
        ? {
            storeId,
            key: idempotencyKey,
            fingerprint: requestFingerprint(input),
            reused: orderKeyReused,
          }
        : null
      const replay = async (orderId: string) => {
        deps.log.info({ orderId, by: actor.userId }, 'seller order replayed (idempotency key)')
        return { order: await deps.adminOrders.get(storeId, orderId), replayed: true }
      }
      if (keyed) {
        const known = await deps.keys.known(keyed)
        if (known) return replay(known)
      }
      const needsAddress = input.deliveryType !== 'pickup'
      if (needsAddress && !input.shippingAddressId)
        throw invalid('shippingAddressId', 'Elegí la dirección de entrega')
      if (!needsAddress && input.shippingAddressId)
        throw invalid('shippingAddressId', 'Un retiro en el local no lleva dirección')
      if (input.paymentMethod === 'mercado_pago' && !input.paid)
        throw invalid(
          'paymentMethod',
          'Con Mercado Pago, cargá el pedido cuando ya lo cobraste (marcá "Ya está pagado")',
        )

      // Read before the transaction (other modules' rows; PGlite's one connection is the
      // transaction's): the customer and their address, and the products' collections (taxes).
      const { customer, address } = await deps.customers.forCounterOrder(
        storeId,
        input.customerId,
        needsAddress ? (input.shippingAddressId ?? null) : null,
      )
      const requested = mergeLines(input.items)
      const preview = await deps.products.orderLines(
        deps.db,
        storeId,
        requested.map((l) => l.variantId),
      )
      const memberships = await deps.collections.membershipsOf([
        ...new Set(preview.map((p) => p.productId)),
      ])

      const result = await deps.db.transaction(async (tx) => {
        // First, so that a second request with this key waits here for the first one's outcome.
        let claimed: IdempotencyKeyRow | null = null
        if (keyed) {
          const outcome = await deps.keys.claim(tx, keyed)
          if ('replayOf' in outcome) return { placed: null, replayOf: outcome.replayOf }
          claimed = outcome.claimed
        }
        const rules = await deps.settings.checkoutRules(storeId, tx)
        const found = await deps.products.orderLines(
          tx,
          storeId,
          requested.map((l) => l.variantId),
        )
        const lines = requested.map((r) => {
          const v = found.find((f) => f.variantId === r.variantId)
          if (!v)
            throw invalid(
              `items.${r.index}.variantId`,
              'Ese producto no es de este comercio',
              'Algún producto no es de este comercio.',
            )
          if (v.productStatus !== 'active')
            throw invalid(
              `items.${r.index}.variantId`,
              `"${v.title}" no está a la venta`,
              `"${v.title}" no está a la venta.`,
            )
          return {
            ...v,
            index: r.index,
            quantity: r.quantity,
            unitPrice: v.priceCents,
            lineTotal: v.priceCents * r.quantity,
            collectionIds: memberships.get(v.productId) ?? [],
          }
        })
        const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0)

        const point = address?.point
          ? { ...address.point, provinceCode: address.provinceCode }
          : null
        const options = deliveryOptions(rules.store, rules.logistics, point, subtotal)
        const option = options.find((o) => o.type === input.deliveryType)
        if (!option)
          throw invalid(
            'deliveryType',
            `Este comercio no ofrece ${DELIVERY_TYPE_LABELS[input.deliveryType].toLowerCase()}`,
          )
        if (!option.available) {
          const reason = option.reason ?? 'Esa forma de entrega no está disponible'
          // Distance, province and "choose an address" are about the address; minimum order is not.
          const aboutAddress = /direcci|env[ií]a a|km|tramos/i.test(reason) && needsAddress
          throw invalid(
            aboutAddress ? 'shippingAddressId' : 'deliveryType',
            address && !address.point && aboutAddress
              ? 'No pudimos ubicar esa dirección en el mapa: revisá la localidad'
              : reason,
          )
        }
        const accepted = rules.paymentMethods.find((m) => m.method === input.paymentMethod)
        if (!accepted)
          throw invalid(
            'paymentMethod',
            `Este comercio no acepta ${PAYMENT_METHOD_LABELS[input.paymentMethod]}`,
          )
        const taxes = taxLines(rules.taxes, lines)
        const addedTaxes = taxes.filter((t) => !t.included).reduce((sum, t) => sum + t.amount, 0)
        const total = subtotal + option.fee + addedTaxes
        if (total > MAX_ORDER_TOTAL_CENTS)
          throw invalid(
            'items',
            `El total supera el máximo por pedido (${formatArs(MAX_ORDER_TOTAL_CENTS)})`,
          )

        const transfer = accepted.method === 'bank_transfer' ? accepted.details : undefined
        let placed: PlacedOrder
        try {
          placed = await deps.orders.place(tx, {
            source: {
              kind: 'counter',
              customerId: customer.id,
              takenBy: actor.name,
              requestId: claimed?.id ?? null,
            },
            store: rules.store,
            contact: {
              firstName: customer.firstName,
              lastName: customer.lastName,
              phone: customer.phone,
              email: customer.email ?? '',
            },
            lines: lines.map((l) => ({
              productId: l.productId,
              variantId: l.variantId,
              title: l.title,
              variantTitle: l.variantTitle,
              sku: l.sku,
              imageUrl: l.imageUrl,
              unitPrice: l.unitPrice,
              quantity: l.quantity,
              lineTotal: l.lineTotal,
            })),
            delivery:
              input.deliveryType === 'pickup'
                ? { type: 'pickup', pickupAddress: option.pickupAddress ?? null }
                : { type: input.deliveryType, address },
            payment: {
              method: input.paymentMethod,
              status: input.paid ? 'paid' : 'pending',
              details: transfer ? { transfer: { ...(transfer as object) } } : {},
              // The seller decides about unpaid orders they took; no payment-time hold (011).
              holdMinutes: null,
            },
            amounts: {
              subtotal,
              deliveryFee: option.fee,
              taxes: addedTaxes,
              taxLines: taxes,
              total,
            },
            note: input.note ?? '',
            // Taken for now: the counter does not schedule (issue 26 is the customer's checkout).
            slot: null,
          })
        } catch (err) {
          // The catalogue's 409 names the variant; the form shows it under that line's quantity.
          const short = err instanceof AppError ? err.errors?.[0] : undefined
          const line = short && lines.find((l) => short.name === `items.${l.variantId}`)
          if (!(err instanceof AppError) || !short || !line) throw err
          throw new AppError('CONFLICT', err.message, {
            errors: [{ name: `items.${line.index}.quantity`, message: short.message }],
          })
        }
        if (claimed) await deps.keys.setOrder(tx, claimed.id, placed.order.id)
        // Money already in is in the payments ledger with the order, like "Marcar como pagado".
        if (input.paid) await deps.payments.recordSellerEvent(tx, placed.order, 'payment')
        return { placed, replayOf: null }
      })
      if (result.placed === null) return replay(result.replayOf)
      const { placed } = result
      placed.announce()
      deps.log.info({ orderId: placed.order.id, by: actor.userId }, 'counter order taken')
      return { order: await deps.adminOrders.get(storeId, placed.order.id), replayed: false }
    },
  }
}
export type CounterOrdersService = ReturnType<typeof createCounterOrdersService>
