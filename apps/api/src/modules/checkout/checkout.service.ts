import type { Clock } from '../../lib/clock.ts'
import type {
  CheckoutSlots,
  CheckoutSummary,
  Contact,
  ReviewInput,
} from '@barrio/contracts/checkout'
import { contactSchema } from '@barrio/contracts/checkout'
import type { CheckoutStep, PaymentMethod } from '@barrio/contracts/enums'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { MAX_ORDER_TOTAL_CENTS } from '@barrio/contracts/constants'
import { CART_MAX_LINE_QUANTITY } from '@barrio/contracts/cart'
import type { Db } from '../../db/client.ts'
import type { MercadoPagoClient } from '../../integrations/mercado-pago.ts'
import { AppError } from '../../lib/errors.ts'
import { formatArs } from '../../lib/money.ts'
import { whenLabel } from '@barrio/contracts/store-time-labels'
import { storeTimeAt, takesOrders } from '../stores/store-time.ts'
import { addDays, buenosAiresDay, buenosAiresDayRange } from '../../lib/buenos-aires-day.ts'
import { slotLabel } from '@barrio/contracts/store-time-labels'
import { SlotFullError } from '../orders/order-placement.ts'
import { daySlots, schedulableDays } from './slots.ts'
import type { LogisticsSettings } from '@barrio/contracts/admin-settings'
import { toAddressDto, type AddressesService } from '../addresses/addresses.service.ts'
import type { CartService } from '../cart/cart.service.ts'
import type { OrdersService } from '../orders/orders.service.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import type { SessionUser } from '../users/users.service.ts'
import type { CheckoutRepository, CheckoutRow, ReviewedPricing, Tx } from './checkout.repository.ts'
import { deliveryOptions, productTaxes, taxLines } from './pricing.ts'
import type { CouponsService } from '../coupons/coupons.service.ts'
import type { CouponContext } from '../coupons/coupon-rules.ts'
import {
  CONFIRM_AGAIN,
  pricingChanges,
  reviewedPricingOf,
  sameReviewedPricing,
} from './reviewed-pricing.ts'

export type CheckoutDeps = {
  db: Db
  /** Store schedules are judged by it (lib/clock.ts). */
  clock: Clock
  repository: CheckoutRepository
  cart: CartService
  addresses: AddressesService
  settings: StoreSettingsService
  /** Places the order (stock, rows, e-mails, pushes, live events: `ordersService.place`). */
  orders: OrdersService
  /** The store's coupons: a code's discount, and its use counted at confirm (issue 28). */
  coupons: CouponsService
  mercadoPago: MercadoPagoClient
  publicUrl: string
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }
}

const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese checkout.')
/** Why a store suspended by the operator cannot be checked out (issue 24); the reason is its team's. */
const STORE_SUSPENDED = 'Este comercio no está recibiendo pedidos en Barrio por ahora.'

/**
 * A 409 whose body also carries the new summary (`confirmConflictSchema`), for the customer to
 * review and confirm again; the error handler writes it like any AppError. Like every reason that
 * belongs to no input field, its errors[] name the checkout's path parameter, `id`
 * (docs/decisions/015-api-style.md).
 */
class PricingChangedError extends AppError {
  constructor(changes: string[], summary: CheckoutSummary) {
    super('CONFLICT', `${changes[0] ?? ''} ${CONFIRM_AGAIN}`.trim(), {
      errors: changes.map((message) => ({ name: 'id', message })),
      details: { summary },
    })
  }
}

const tooManyUnpaid = (n: number) =>
  `Ya tenés ${n} ${n === 1 ? 'pedido' : 'pedidos'} sin pagar en este comercio. Pagá alguno o esperá a que el comercio los confirme antes de hacer otro.`

const SLOT_GONE = 'La franja elegida ya no está disponible: elegí otra.'

/**
 * The checkout's chosen slot [start, end) as ISO strings, its length from the delivery type's
 * scheduling settings (issue 26); null for as soon as possible.
 */
function scheduledSlotOf(
  row: Pick<CheckoutRow, 'scheduledSlotStart' | 'deliveryType'>,
  logistics: LogisticsSettings,
): { start: string; end: string } | null {
  const type = row.deliveryType
  if (!row.scheduledSlotStart || (type !== 'pickup' && type !== 'delivery')) return null
  const start = row.scheduledSlotStart.getTime()
  const minutes = logistics.scheduling[type].slotMinutes
  return {
    start: new Date(start).toISOString(),
    end: new Date(start + minutes * 60_000).toISOString(),
  }
}

function blockIfNotConfirmable(summary: { canConfirm: boolean; blockers: string[] }) {
  if (summary.canConfirm) return
  throw new AppError('CONFLICT', summary.blockers[0] ?? 'No se puede confirmar el pedido.', {
    errors: summary.blockers.map((message) => ({ name: 'id', message })),
  })
}

/** Confirm charges what was reviewed or nothing: any difference is a 409 with the new summary. */
function requireReviewed(reviewed: ReviewedPricing | null, summary: CheckoutSummary) {
  if (!reviewed) throw new PricingChangedError([], summary)
  const changes = pricingChanges(reviewed, reviewedPricingOf(summary))
  if (changes.length) throw new PricingChangedError(changes, summary)
}

/**
 * Checkout in steps (spec section 4): create from the cart and an address, review the summary,
 * submit the choices, confirm. Prices, stock, delivery rules and taxes are always computed here.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { repository } = deps

  /** Why the reviewed choice of slot (or of "as soon as possible") cannot be taken; null if it can. */
  async function slotProblemOf(
    summary: CheckoutSummary,
    option: CheckoutSummary['deliveryOptions'][number],
    input: ReviewInput,
  ): Promise<string | null> {
    if (!input.scheduledSlotStart) {
      if (option.asap || !option.canSchedule) return null
      return 'El comercio está cerrado ahora: elegí una franja para más tarde.'
    }
    if (
      !option.canSchedule ||
      (input.deliveryType !== 'pickup' && input.deliveryType !== 'delivery')
    )
      return 'Este comercio no programa pedidos para esta forma de entrega.'
    if (summary.blockers.includes(SLOT_GONE)) return SLOT_GONE
    const left = await slotsLeft(summary.store._id, input.deliveryType, summary.scheduledFor!)
    return left < 1 ? SLOT_GONE : null
  }

  /** How many more orders a slot takes (its capacity minus the orders in it). */
  async function slotsLeft(
    storeId: string,
    type: 'pickup' | 'delivery',
    slot: { start: string },
  ): Promise<number> {
    const rules = await deps.settings.checkoutRules(storeId)
    const start = new Date(slot.start)
    const taken = await deps.orders.slotCounts(deps.db, {
      storeId,
      deliveryType: type,
      from: start,
      to: new Date(start.getTime() + 1),
    })
    return rules.logistics.scheduling[type].slotCapacity - (taken.get(start.getTime()) ?? 0)
  }

  /** "Esa franja se llenó. Próximas libres: hoy 18:30–19:00, …" (at most three, that day on). */
  async function fullSlotMessage(user: SessionUser, id: string, slot: { start: string }) {
    const now = deps.clock.now()
    const free: string[] = []
    let day = buenosAiresDay(new Date(slot.start))
    for (let i = 0; i < 3 && free.length < 3; i++, day = addDays(day, 1)) {
      const { docs } = await service.slots(user, id, { date: day })
      for (const s of docs)
        if (free.length < 3 && s.start > slot.start) free.push(slotLabel(s, now))
    }
    return free.length > 0
      ? `Esa franja se llenó. Próximas libres: ${free.join(', ')}.`
      : 'Esa franja se llenó y no quedan otras libres en los próximos días.'
  }

  function ref(row: CheckoutRow, checkoutUrl: string | null = null) {
    return {
      checkoutId: row.id,
      step: row.step as CheckoutStep,
      checkoutUrl,
      cartId: row.cartId,
      shippingAddressId: row.shippingAddressId,
    }
  }

  async function owned(user: SessionUser, id: string) {
    const row = await repository.find(user.id, id)
    if (!row) throw notFound()
    return row
  }

  /** Each product's collections (tax scopes), as the cart's lines carry them. */
  const membershipsOf = (items: PricingInputs['items']) =>
    new Map(items.map((i) => [i.productId, i.collectionIds]))

  type Found = NonNullable<Awaited<ReturnType<CheckoutRepository['findWithInputs']>>>
  type PricingInputs = {
    items: Found['lines']
    rules: ReturnType<StoreSettingsService['rulesOf']>
    address: ReturnType<typeof toAddressDto> | null
    memberships: Map<string, string[]>
    /** The code typed at review with what decides it (null: none typed). */
    coupon: CouponContext | null
  }

  /** The customer's checkout with everything its summary is priced from: one statement (068). */
  async function find(user: SessionUser, id: string): Promise<Found> {
    const found = await repository.findWithInputs(user.id, id)
    if (!found) throw notFound()
    return found
  }

  /**
   * What a summary of `row` is computed from, out of the checkout's read: the customer's own
   * cart (else the cart's 400 or 404), its lines at today's prices, stock and collections, the
   * store's rules (else a 404), the customer's address (null when gone), and the coupon's
   * context when a code was typed (its own read).
   */
  async function inputsOf(user: SessionUser, found: Found, row: CheckoutRow) {
    deps.cart.checkoutCart(found.cart, user.id)
    const items = found.lines
    const rules = deps.settings.rulesOf(found.rules)
    const address = found.address ? toAddressDto(found.address) : null
    const coupon = row.couponCode
      ? await deps.coupons.context(deps.db, row.storeId, row.couponCode, user.id)
      : null
    return { items, rules, address, memberships: membershipsOf(items), coupon }
  }

  /** The checkout and its live summary: items at today's prices, delivery, taxes, totals. */
  async function summarized(user: SessionUser, id: string) {
    const found = await find(user, id)
    const priced = price(user, found.row, await inputsOf(user, found, found.row))
    return { row: found.row, ...priced }
  }

  /**
   * The prices the order will be written with, all read in the confirm's own transaction (one
   * read of the store's rules per request, decision 059): the cart's lines with today's unit
   * prices, stock and collections (tax scopes), the store's fees, taxes, payment methods and
   * notification settings, the customer's open unpaid orders at the store and the platform's
   * commission rate (one statement, decision 068), and the coupon's uses. The customer's address
   * came with the checkout's lock (decision 064), and with it the lock the unpaid orders are
   * counted under.
   */
  async function loadInputsIn(
    q: Tx,
    row: CheckoutRow,
    address: PricingInputs['address'],
    userId: string,
  ): Promise<PricingInputs & { unpaid: number; commissionRateBp: number }> {
    const read = await repository.pricingIn(q, row)
    const items = read.lines
    const rules = deps.settings.rulesOf(read.rules)
    const memberships = membershipsOf(items)
    // The coupon's uses as of this transaction: the cap is checked again by its conditional UPDATE.
    const coupon = row.couponCode
      ? await deps.coupons.context(q, row.storeId, row.couponCode, userId)
      : null
    const { unpaid, commissionRateBp } = read
    return { items, rules, address, memberships, coupon, unpaid, commissionRateBp }
  }

  function price(user: SessionUser, row: CheckoutRow, inputs: PricingInputs) {
    const now = deps.clock.now()
    const { items, rules, address, memberships } = inputs
    const lines = items.map((i) => ({
      variantId: i.variantId,
      productId: i.productId,
      title: i.title,
      variantTitle: i.variantTitle,
      imageUrl: i.imageUrl,
      unitPrice: i.priceCents,
      quantity: i.quantity,
      lineTotal: i.priceCents * i.quantity,
      collectionIds: memberships.get(i.productId) ?? [],
      // Beside the price: per unit of measure and without national taxes (decision 050).
      unitMeasure: i.unitMeasure ?? null,
      taxes: productTaxes(rules.taxes, memberships.get(i.productId) ?? []),
      isAvailable:
        i.productStatus === 'active' &&
        !i.withdrawn &&
        (!i.trackStock || i.stockQuantity >= i.quantity),
      // Hidden by the operator or its store suspended: no stock count makes it sellable.
      left: i.trackStock && !i.withdrawn ? Math.max(i.stockQuantity, 0) : null,
    }))
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0)
    // Open by its switch, hours, closures and holidays (issue 26): no ASAP order outside them,
    // unless the shop takes orders while closed; a scheduled one goes into a slot.
    const time = storeTimeAt(rules.store, now)
    const open = takesOrders(rules.store)
    const asap = open && (time.openNow || rules.logistics.ordersWhenClosed)
    const options = deliveryOptions(rules.store, rules.logistics, address, subtotal, {
      asap,
      takesOrders: open,
    })
    const scheduledFor = scheduledSlotOf(row, rules.logistics)
    const chosen = options.find((o) => o.type === row.deliveryType && o.available) ?? null
    const deliveryFee = chosen?.fee ?? 0
    const taxes = taxLines(rules.taxes, lines)
    const addedTaxes = taxes.filter((t) => !t.included).reduce((sum, t) => sum + t.amount, 0)
    const couponResult = inputs.coupon
      ? deps.coupons.apply(inputs.coupon, { lines, subtotal, deliveryFee })
      : null
    const discount = couponResult?.discount ?? 0
    const paymentMethods = rules.paymentMethods.map((m) => {
      const method = m.method as PaymentMethod
      const details =
        method === 'bank_transfer'
          ? { ...(m.details as object) }
          : method === 'cash'
            ? { ...(m.details as object) }
            : {}
      return { method, label: PAYMENT_METHOD_LABELS[method], details }
    })
    const blockers: string[] = []
    const notices: string[] = []
    // Suspended by the operator (issue 24): first, so that it is the 409's message.
    if (rules.store.suspendedAt) blockers.push(STORE_SUSPENDED)
    if (scheduledFor) {
      const type = row.deliveryType
      const schedulable = type === 'pickup' || type === 'delivery'
      const offered =
        schedulable &&
        chosen?.canSchedule &&
        daySlots(
          rules.store,
          rules.logistics.scheduling[type],
          buenosAiresDay(new Date(scheduledFor.start)),
          now,
        ).some((slot) => slot.start === Date.parse(scheduledFor.start))
      if (!offered) blockers.push(SLOT_GONE)
    } else if (!time.openNow && rules.store.status === 'active') {
      if (rules.logistics.ordersWhenClosed)
        notices.push(
          time.nextOpening
            ? `El comercio está cerrado: recibe tu pedido ahora y lo prepara cuando abra (${whenLabel(time.nextOpening, now)}).`
            : 'El comercio está cerrado: recibe tu pedido ahora y lo prepara cuando abra.',
        )
      else
        blockers.push(
          (time.nextOpening
            ? `El comercio está cerrado en este momento: abre ${whenLabel(time.nextOpening, now)}.`
            : 'El comercio está cerrado en este momento: probá más tarde.') +
            (chosen?.canSchedule ? ' Programá tu pedido para cuando abra.' : ''),
        )
    }
    if (rules.store.status !== 'active' && !rules.store.suspendedAt)
      blockers.push('El comercio ya no recibe pedidos.')
    if (lines.length === 0) blockers.push('Tu carrito está vacío.')
    for (const l of lines) {
      if (!l.isAvailable)
        blockers.push(
          l.left ? `Solo quedan ${l.left} de "${l.title}".` : `"${l.title}" no está disponible.`,
        )
      // The cart's update refuses more; a line saved before that cap held must not be sold.
      if (l.quantity > CART_MAX_LINE_QUANTITY)
        blockers.push(`Hasta ${CART_MAX_LINE_QUANTITY} unidades de "${l.title}" por pedido.`)
    }
    if (!chosen)
      blockers.push(
        row.deliveryType
          ? 'La forma de entrega elegida no está disponible.'
          : 'Elegí cómo recibir tu pedido.',
      )
    if (!row.paymentMethod || !paymentMethods.some((m) => m.method === row.paymentMethod))
      blockers.push('Elegí un medio de pago.')
    if (!contactSchema.safeParse(row.contact).success)
      blockers.push('Completá tus datos de contacto.')
    if (row.step !== 'review' && row.step !== 'completed')
      blockers.push('Revisá el pedido antes de confirmarlo.')
    // Order amounts are integer columns: a total beyond what they hold is refused, not overflowed.
    if (subtotal + deliveryFee + addedTaxes > MAX_ORDER_TOTAL_CENTS)
      blockers.push(
        `El total supera el máximo por pedido (${formatArs(MAX_ORDER_TOTAL_CENTS)}). Dividí la compra en varios pedidos.`,
      )
    return {
      summary: {
        checkoutId: row.id,
        step: row.step as CheckoutStep,
        store: {
          _id: rules.store.id,
          name: rules.store.name,
          handle: rules.store.handle,
          isOpen: rules.store.isOpen,
          openNow: time.openNow,
        },
        shippingAddress: address
          ? {
              _id: address._id,
              formattedAddress: address.formattedAddress,
              approximate: address.approximate,
            }
          : null,
        contact: row.contact ?? contactFromUser(user),
        deliveryType: row.deliveryType ?? null,
        paymentMethod: row.paymentMethod ?? null,
        note: row.note,
        scheduledFor,
        items: lines.map(({ collectionIds: _c, isAvailable: _a, left: _l, ...l }) => l),
        subtotal,
        deliveryFee,
        taxes: addedTaxes,
        taxLines: taxes,
        discount,
        coupon: couponResult?.coupon ?? null,
        total: subtotal + deliveryFee + addedTaxes - discount,
        currency: 'ARS' as const,
        deliveryOptions: options,
        paymentMethods,
        canConfirm: blockers.length === 0,
        blockers,
        notices,
      },
      rules,
      address,
      chosen,
      lines,
      couponResult,
    }
  }

  /**
   * Creates the order's Checkout Pro preference with the store's credentials, read now (after the
   * order's commit: a connected store's token may be refreshed first). A store connected through
   * OAuth has Mercado Pago keep the order's commission for Barrio (`marketplace_fee`); a pasted
   * token cannot, and the commission stays owed (decision 049). The fee the preference carried is
   * kept on the order (`payment_details.marketplaceFee`, null without one) for the statements.
   */
  async function startMercadoPago(
    order: {
      id: string
      storeId: string
      number: number
      total: number
      commission: number
      paymentExpiresAt: Date | null
    },
    contact: Contact,
  ) {
    try {
      const credentials = await deps.settings.mercadoPagoCredentials(order.storeId)
      if (!credentials) return null
      const marketplaceFee = credentials.marketplace ? order.commission : null
      const preference = await deps.mercadoPago.createPreference(credentials.accessToken, {
        externalReference: order.id,
        items: [
          { title: `Pedido #${order.number} en Barrio`, quantity: 1, unitPriceCents: order.total },
        ],
        payerEmail: contact.email,
        backUrl: `${deps.publicUrl}/orders/${order.id}`,
        notificationUrl: `${deps.publicUrl}/api/v1/payments/mercadopago/webhook?orderId=${order.id}`,
        // Mercado Pago stops taking the payment when the order's stock hold ends (decision 011).
        expiresAt: order.paymentExpiresAt,
        marketplaceFeeCents: marketplaceFee,
      })
      const updated = await deps.orders.setPaymentDetails(order.id, {
        preferenceId: preference.id,
        initPoint: preference.initPoint,
        marketplaceFee,
      })
      deps.log.info(
        { orderId: order.id, preferenceId: preference.id, marketplaceFee },
        'mercado pago preference created',
      )
      return updated ? { checkoutUrl: preference.initPoint, order: updated } : null
    } catch (err) {
      // The order stands; the customer can retry the payment from the order page.
      deps.log.warn({ orderId: order.id, err }, 'mercado pago preference failed')
      return null
    }
  }

  const service = {
    async create(
      user: SessionUser,
      input: { cartId: string; shippingAddressId?: string | null | undefined },
    ) {
      // The cart, its lines, the address and an open checkout of the cart: one statement (068).
      const start = await repository.start(user.id, input.cartId, input.shippingAddressId ?? null)
      const cart = deps.cart.checkoutCart(start.cart, user.id)
      const items = start.lines
      if (!items.length || !cart.storeId)
        throw new AppError('BAD_REQUEST', 'Tu carrito está vacío.', {
          errors: [{ name: 'cartId', message: 'El carrito está vacío' }],
        })
      if (items.some((i) => i.storeSuspended))
        throw new AppError('CONFLICT', STORE_SUSPENDED, {
          errors: [{ name: 'cartId', message: STORE_SUSPENDED }],
        })
      // Not theirs: the addresses' own answer (a 404).
      if (input.shippingAddressId && !start.addressIsTheirs)
        await deps.addresses.get({ userId: user.id }, input.shippingAddressId)
      const open = start.open
      const row = open
        ? await repository.update(open.id, {
            shippingAddressId: input.shippingAddressId ?? null,
            storeId: cart.storeId,
            reviewedPricing: null,
          })
        : await repository.insert({
            cartId: cart.id,
            userId: user.id,
            storeId: cart.storeId,
            shippingAddressId: input.shippingAddressId ?? null,
            contact: contactFromUser(user),
          })
      deps.log.info({ checkoutId: row.id, cartId: cart.id }, 'checkout started')
      return ref(row)
    },

    async summary(user: SessionUser, id: string) {
      return (await summarized(user, id)).summary
    },

    /**
     * GET review: the summary the customer is about to confirm. Once the choices are submitted
     * (step review) its pricing is what confirm will charge, or refuse with 409 if it changed.
     */
    async review(user: SessionUser, id: string) {
      const { row, summary } = await summarized(user, id)
      const reviewed = reviewedPricingOf(summary)
      // Saved unless it is what the row already holds (the review page after submit: decision 068).
      if (
        row.step === 'review' &&
        !row.orderId &&
        !sameReviewedPricing(row.reviewedPricing, reviewed)
      )
        await repository.setReviewedPricing(id, reviewed)
      return summary
    },

    /**
     * PUT address: another of the customer's addresses for this checkout (the cart stays). The
     * checkout is priced again for it; a reviewed one goes back to editing, since its delivery
     * fee may have changed.
     */
    async changeAddress(user: SessionUser, id: string, shippingAddressId: string) {
      const row = await owned(user, id)
      if (row.orderId) throw new AppError('CONFLICT', 'Este pedido ya fue confirmado.')
      await deps.addresses.get({ userId: user.id }, shippingAddressId)
      await repository.update(id, {
        shippingAddressId,
        reviewedPricing: null,
        ...(row.step === 'review' ? { step: 'contact_information' } : {}),
      })
      deps.log.info({ checkoutId: id }, 'checkout address changed')
      return (await summarized(user, id)).summary
    },

    /** PUT review: back to editing the choices. */
    async edit(user: SessionUser, id: string) {
      const row = await owned(user, id)
      if (row.orderId) throw new AppError('CONFLICT', 'Este pedido ya fue confirmado.')
      return ref(
        await repository.update(id, { step: 'contact_information', reviewedPricing: null }),
      )
    },

    /**
     * GET slots (issue 26): the day's slots with room for the delivery type (default: the chosen
     * one), and the days that may be asked for.
     */
    async slots(
      user: SessionUser,
      id: string,
      query: { date: string; deliveryType?: 'pickup' | 'delivery' },
    ): Promise<CheckoutSlots> {
      const row = await owned(user, id)
      const type =
        query.deliveryType ??
        (row.deliveryType === 'pickup' || row.deliveryType === 'delivery' ? row.deliveryType : null)
      if (!type)
        throw new AppError('MISSING_REQUIRED_FIELD', 'Elegí retiro o envío a domicilio.', {
          errors: [{ name: 'deliveryType', message: 'Elegí retiro o envío a domicilio' }],
        })
      const rules = await deps.settings.checkoutRules(row.storeId)
      const settings = rules.logistics.scheduling[type]
      const now = deps.clock.now()
      const enabled = rules.logistics[type].enabled && settings.enabled
      const days = enabled && takesOrders(rules.store) ? schedulableDays(settings, now) : []
      if (!days.includes(query.date)) return { docs: [], days }
      const slots = daySlots(rules.store, settings, query.date, now)
      const { start, end } = buenosAiresDayRange(query.date)
      // One count for the day's slots, not one per slot.
      const taken = await deps.orders.slotCounts(deps.db, {
        storeId: row.storeId,
        deliveryType: type,
        from: start,
        to: new Date(end.getTime() + 24 * 60 * 60_000),
      })
      const docs = slots
        .map((slot) => ({
          start: new Date(slot.start).toISOString(),
          end: new Date(slot.end).toISOString(),
          remaining: settings.slotCapacity - (taken.get(slot.start) ?? 0),
        }))
        .filter((slot) => slot.remaining > 0)
      return { docs, days }
    },

    async submitReview(user: SessionUser, id: string, input: ReviewInput) {
      const found = await find(user, id)
      if (found.row.orderId) throw new AppError('CONFLICT', 'Este pedido ya fue confirmado.')
      const choices = {
        contact: input.contact,
        deliveryType: input.deliveryType,
        paymentMethod: input.paymentMethod,
        note: input.note,
        scheduledSlotStart: input.scheduledSlotStart ? new Date(input.scheduledSlotStart) : null,
        couponCode: input.couponCode ?? null,
      }
      // The checkout with the choices, priced before anything is written (decision 068): an
      // absent note keeps the saved one, as the UPDATE would.
      const draft: CheckoutRow = { ...found.row }
      for (const [key, value] of Object.entries(choices))
        if (value !== undefined) Object.assign(draft, { [key]: value })
      let reviewedPricing: ReviewedPricing
      try {
        const { summary } = price(user, draft, await inputsOf(user, found, draft))
        const option = summary.deliveryOptions.find((o) => o.type === input.deliveryType)
        if (!option?.available) {
          const message = option?.reason ?? 'Este comercio no ofrece esa forma de entrega.'
          throw new AppError('INVALID', message, { errors: [{ name: 'deliveryType', message }] })
        }
        // The slot (issue 26): one this shop offers for the type, with room; or now, if it is open.
        const slotProblem = await slotProblemOf(summary, option, input)
        if (slotProblem)
          throw new AppError('INVALID', slotProblem, {
            errors: [{ name: 'scheduledSlotStart', message: slotProblem }],
          })
        if (!summary.paymentMethods.some((m) => m.method === input.paymentMethod)) {
          const message = 'Este comercio no acepta ese medio de pago.'
          throw new AppError('INVALID', message, { errors: [{ name: 'paymentMethod', message }] })
        }
        reviewedPricing = reviewedPricingOf(summary)
      } catch (error) {
        // A refused review still keeps the choices, as the checkout shows them on its way back.
        await repository.update(id, choices)
        throw error
      }
      // The choices and the step in one write.
      return ref(await repository.update(id, { ...choices, step: 'review', reviewedPricing }))
    },

    /**
     * Confirms in one transaction: the reviewed pricing is checked again under the checkout's
     * lock, `ordersService.place` writes the order (stock taken with conditional updates, never
     * below zero; timeline, e-mails, pushes) and the cart is emptied. The answer is the order as
     * written. A second confirm of the same checkout returns the same order.
     */
    async confirm(user: SessionUser, id: string) {
      // The slot the customer chose, for the next free ones if it filled up in between.
      let scheduledFor: CheckoutSummary['scheduledFor'] = null

      const result = await deps.db
        .transaction(async (tx) => {
          // One statement: the checkout locked, its address, the unpaid orders' lock (064).
          const locked = await repository.lockForConfirm(tx, user.id, id)
          if (!locked) throw notFound()
          const { row } = locked
          if (row.orderId) return { placed: null, orderId: row.orderId }
          const shippingAddress = locked.address ? toAddressDto(locked.address) : null
          // What the order is written with is computed here, inside the transaction, and must be
          // exactly what the customer last reviewed (read from the locked row).
          const inputs = await loadInputsIn(tx, row, shippingAddress, user.id)
          const { summary, rules, address, lines, couponResult } = price(user, row, inputs)
          scheduledFor = summary.scheduledFor
          blockIfNotConfirmable(summary)
          requireReviewed(row.reviewedPricing, summary)
          const contact = contactSchema.parse(row.contact)
          const transfer = rules.paymentMethods.find((m) => m.method === 'bank_transfer')
            ?.details as Record<string, unknown> | undefined
          const pickup =
            summary.deliveryOptions.find((o) => o.type === 'pickup')?.pickupAddress ?? null
          // Counted in the pricing read, under the (customer, store) lock taken with the checkout's.
          const { unpaid } = inputs
          if (unpaid >= rules.paymentRules.maxUnpaidOrdersPerCustomer)
            throw new AppError('CONFLICT', tooManyUnpaid(unpaid), {
              errors: [{ name: 'id', message: tooManyUnpaid(unpaid) }],
            })
          const placed = await deps.orders.place(tx, {
            // The (customer, store) lock came with the checkout's: the bookkeeping needs no other.
            source: { kind: 'checkout', userId: user.id, checkoutId: id, customerLockHeld: true },
            store: rules.store,
            commissionRateBp: inputs.commissionRateBp,
            contact,
            lines: lines.map((l) => ({
              productId: l.productId,
              variantId: l.variantId,
              title: l.title,
              variantTitle: l.variantTitle,
              sku: null,
              imageUrl: l.imageUrl,
              unitPrice: l.unitPrice,
              quantity: l.quantity,
              lineTotal: l.lineTotal,
            })),
            delivery:
              summary.deliveryType === 'pickup'
                ? { type: 'pickup', pickupAddress: pickup }
                : {
                    type: summary.deliveryType!,
                    address: address
                      ? {
                          ...address,
                          point: { latitude: address.latitude, longitude: address.longitude },
                        }
                      : null,
                  },
            payment: {
              method: summary.paymentMethod!,
              status: 'pending',
              details: summary.paymentMethod === 'bank_transfer' && transfer ? { transfer } : {},
              // Mercado Pago holds the stock only for the store's payment time (stock holds, 011).
              holdMinutes:
                summary.paymentMethod === 'mercado_pago'
                  ? rules.paymentRules.mercadoPagoPaymentMinutes
                  : null,
            },
            amounts: {
              subtotal: summary.subtotal,
              deliveryFee: summary.deliveryFee,
              taxes: summary.taxes,
              taxLines: summary.taxLines,
              discount: summary.discount,
              couponCode: couponResult?.coupon.applied ? couponResult.coupon.code : null,
              itemsDiscount: couponResult?.itemsDiscount ?? 0,
              total: summary.total,
            },
            note: summary.note,
            slot:
              summary.scheduledFor &&
              (summary.deliveryType === 'pickup' || summary.deliveryType === 'delivery')
                ? {
                    start: new Date(summary.scheduledFor.start),
                    end: new Date(summary.scheduledFor.end),
                    capacity: rules.logistics.scheduling[summary.deliveryType].slotCapacity,
                  }
                : null,
            storeNotifications: {
              settings: rules.notifications,
              ownerId: rules.store.ownerId,
            },
            // Written before the stock is taken, the last write (decision 059).
            beforeStock: async (tx, order, queued) => {
              // The coupon's use, counted only while it has uses left: twenty customers confirming
              // at once with three left get three discounts; the others see the summary without it.
              const coupon = inputs.coupon?.coupon
              if (coupon && summary.discount > 0) {
                const redeemed = await deps.coupons.redeem(tx, coupon.id, order.id, user.id)
                if (!redeemed) {
                  const spent = {
                    ...inputs.coupon!,
                    coupon: { ...coupon, uses: coupon.maxUses ?? coupon.uses },
                  }
                  const after = price(user, row, { ...inputs, coupon: spent }).summary
                  throw new PricingChangedError([`El cupón ${coupon.code} se agotó.`], after)
                }
              }
              // The cart emptied and the order's e-mails queued in the checkout's own update: one
              // statement.
              await repository.complete(tx, id, order.id, [
                ...deps.cart.clearing(tx, row.cartId),
                ...queued,
              ])
            },
          })
          return { placed, contact }
        })
        .catch(async (err: unknown) => {
          // The slot filled up between the review and now (issue 26): the next free ones.
          if (!(err instanceof SlotFullError) || !scheduledFor) throw err
          const message = await fullSlotMessage(user, id, scheduledFor)
          throw new AppError('CONFLICT', message, {
            errors: [{ name: 'scheduledSlotStart', message }],
          })
        })

      if (!result.placed) {
        // Another confirm of this checkout placed it first: its order, as it is now.
        const existing = (await deps.orders.find(result.orderId))!
        return { order: await deps.orders.dto(existing), checkoutUrl: null }
      }
      // The order is committed: announce it now (catalogue, outbox, the seller's and customer's
      // live pages), whatever Mercado Pago does next. Its preference is a call of seconds that
      // may fail; the order stands without it and is paid from its page later.
      const { placed, contact } = result
      placed.announce()
      // The order as written answers the customer; only a Mercado Pago link changes it since.
      let order = placed.order
      let checkoutUrl: string | null = null
      if (order.paymentMethod === 'mercado_pago') {
        const started = await startMercadoPago(order, contact)
        if (started) {
          ;({ checkoutUrl, order } = started)
          // The customer's live order page reads the payment link too.
          deps.orders.publish(order.id)
        }
      }
      return { order: deps.orders.placedDto(placed, order), checkoutUrl }
    },

    /** Mercado Pago again for a pending order (the first preference failed or expired). */
    async retryPayment(user: SessionUser, orderId: string) {
      const order = await deps.orders.findOwned({ userId: user.id }, orderId)
      if (!order) throw new AppError('NOT_FOUND', 'No encontramos ese pedido.')
      if (order.paymentMethod !== 'mercado_pago' || order.paymentStatus !== 'pending') {
        throw new AppError('CONFLICT', 'Este pedido no tiene un pago de Mercado Pago pendiente.')
      }
      if (!(await deps.settings.mercadoPagoCredentials(order.storeId)))
        throw new AppError('SERVICE_UNAVAILABLE', 'El comercio no tiene Mercado Pago configurado.')
      const started = await startMercadoPago(order, order.contact)
      if (!started)
        throw new AppError(
          'GATEWAY_TIMEOUT',
          'Mercado Pago no respondió. Probá de nuevo en un momento.',
        )
      return { checkoutUrl: started.checkoutUrl, amount: order.total, currency: 'ARS' as const }
    },
  }
  return service
}
export type CheckoutService = ReturnType<typeof createCheckoutService>

function contactFromUser(user: SessionUser) {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    email: user.email,
  }
}
