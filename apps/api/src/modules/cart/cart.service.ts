import { randomUUID } from 'node:crypto'
import type { CartUpdateInput } from '@barrio/contracts/cart'
import { NO_OWNER_MESSAGE } from '@barrio/contracts/addresses'
import { taxesForProduct } from '@barrio/contracts/legal-prices'
import { AppError } from '../../lib/errors.ts'
import type { CartOwner, CartRepository, CartRow } from './cart.repository.ts'

export type CartCaller = {
  userId: string | null
  deviceId: string | null
  /** The device id came with its x-device-token: this browser or app was issued that id. */
  deviceTrusted: boolean
}

/** Who a cart belongs to: the account, else the device; a caller with neither is refused. */
function ownerOf(caller: CartCaller): CartOwner {
  if (caller.userId) return { userId: caller.userId }
  if (caller.deviceId) return { deviceId: caller.deviceId }
  throw new AppError('UNAUTHORIZED', NO_OWNER_MESSAGE)
}
const requireOwner = (caller: CartCaller): void => void ownerOf(caller)

/**
 * Knowing a cart's id is not enough to use it: a signed-in user's cart is theirs alone; an
 * anonymous cart is its device's, and a signed-in user may take it over only from that same
 * device proven by its token (a leaked cart id or device id claims nothing).
 */
function mayUse(cart: CartRow, caller: CartCaller): boolean {
  if (cart.userId) return cart.userId === caller.userId
  if (cart.deviceId === null || cart.deviceId !== caller.deviceId) return false
  return caller.userId === null || caller.deviceTrusted
}

const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese carrito.')

/** An empty cart that exists only in the answer: GET /cart writes nothing. */
function emptyCart(id: string) {
  return {
    _id: id,
    note: '',
    items: [],
    totalPrice: 0,
    currency: 'ARS' as const,
    attributes: {},
    storeId: null,
    store: null,
    itemCount: 0,
  }
}

/**
 * The customer's cart: one store at a time; prices and stock always come from the server. A cart
 * row is created on its first update, under the id GET /cart handed out, never on a read.
 */
export function createCartService({ repository }: { repository: CartRepository }) {
  /** The caller's cart by id; an anonymous cart used by its own signed-in device becomes theirs. */
  async function owned(cartId: string, caller: CartCaller): Promise<CartRow | null | 'foreign'> {
    return judged(await repository.find(cartId), caller)
  }
  /** `owned` of a cart row already read (null: no such row). */
  async function judged(
    cart: CartRow | null,
    caller: CartCaller,
  ): Promise<CartRow | null | 'foreign'> {
    if (!cart) return null
    if (!mayUse(cart, caller)) return 'foreign'
    if (!cart.userId && caller.userId) {
      await repository.claim(cart.id, caller.userId)
      return { ...cart, userId: caller.userId }
    }
    return cart
  }

  /**
   * A checkout's cart must be the signed-in customer's own (an anonymous cart is never taken over
   * here: no device comes with a checkout call).
   */
  function checkoutCart(cart: CartRow | null, userId: string): CartRow {
    // A cart id that names no row is a cart never filled (GET /cart writes nothing).
    if (cart === null)
      throw new AppError('BAD_REQUEST', 'Tu carrito está vacío.', {
        errors: [{ name: 'cartId', message: 'El carrito está vacío' }],
      })
    if (!mayUse(cart, { userId, deviceId: null, deviceTrusted: false })) throw notFound()
    return cart
  }

  async function view(cart: CartRow) {
    // The lines, the store's taxes and the store in one statement (decision 068).
    const { lines: rows, taxes, store } = await repository.view(cart.id)
    const rules = cart.storeId && rows.length > 0 ? taxes : []
    const storeRules = rules.map((t) => ({ ...t, rate: t.rateBasisPoints / 100 }))
    const items = rows.map((r) => ({
      _id: r.id,
      variantId: r.variantId,
      quantity: r.quantity,
      productId: r.productId,
      title: r.title,
      variantTitle: r.variantTitle,
      imageUrl: r.imageUrl,
      unitPrice: r.priceCents,
      lineTotal: r.priceCents * r.quantity,
      stock: r.trackStock ? Math.max(r.stockQuantity, 0) : null,
      isAvailable:
        r.productStatus === 'active' &&
        !r.withdrawn &&
        (!r.trackStock || r.stockQuantity >= r.quantity),
      unitMeasure: r.unitMeasure ?? null,
      taxes: taxesForProduct(storeRules, r.collectionIds),
    }))
    return {
      _id: cart.id,
      note: cart.note,
      items,
      totalPrice: items.reduce((sum, i) => sum + i.lineTotal, 0),
      currency: 'ARS' as const,
      attributes: cart.attributes,
      storeId: cart.storeId,
      store:
        cart.storeId && store
          ? { _id: store.id, name: store.name, handle: store.handle, isOpen: store.isOpen }
          : null,
      itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
    }
  }

  return {
    /**
     * GET /cart: the caller's cart named by the token; else an empty cart, unsaved, under the
     * token when it names no cart yet or under a new id (the client keeps it as its token).
     */
    async get(cartId: string | null, caller: CartCaller) {
      requireOwner(caller)
      const cart = cartId ? await owned(cartId, caller) : null
      if (cart && cart !== 'foreign') return view(cart)
      return emptyCart(cart === null && cartId ? cartId : randomUUID())
    },

    /**
     * Replaces the items. Quantities of 0 or less drop the item; repeated variants add up; every
     * item must be an active product of one active store, within its stock.
     */
    async update(
      input: CartUpdateInput,
      caller: CartCaller,
      { beforeCreate }: { beforeCreate?: () => Promise<void> } = {},
    ) {
      const merged = new Map<string, number>()
      for (const item of input.items)
        merged.set(item.variantId, (merged.get(item.variantId) ?? 0) + item.quantity)
      const items = [...merged]
        .filter(([, q]) => q > 0)
        .map(([variantId, quantity]) => ({ variantId, quantity }))
      // The cart and the variants asked for in one statement (decision 068).
      const found = await repository.findWithVariants(
        input.cartId,
        items.map((i) => i.variantId),
      )
      let cart = await judged(found.cart, caller)
      if (cart === null) {
        const owner = ownerOf(caller)
        await beforeCreate?.()
        cart =
          (await repository.createWithId(input.cartId, owner)) ??
          (await owned(input.cartId, caller))
      }
      if (!cart || cart === 'foreign') throw notFound()
      const variants = new Map(found.variants.map((v) => [v.id, v]))
      const errors: Array<{ name: string; message: string }> = []
      items.forEach((item, i) => {
        const v = variants.get(item.variantId)
        if (!v || v.productStatus !== 'active' || v.storeStatus !== 'active' || v.withdrawn) {
          errors.push({
            name: `items.${i}.variantId`,
            message: 'Este producto ya no está disponible',
          })
        } else if (v.trackStock && item.quantity > v.stockQuantity) {
          errors.push({
            name: `items.${i}.quantity`,
            message:
              v.stockQuantity > 0
                ? `Quedan ${v.stockQuantity} de "${v.productTitle}"`
                : `"${v.productTitle}" está sin stock`,
          })
        }
      })
      if (errors.length) throw new AppError('CONFLICT', errors[0]!.message, { errors })
      const storeIds = new Set(items.map((i) => variants.get(i.variantId)!.storeId))
      if (storeIds.size > 1) {
        throw new AppError(
          'CONFLICT',
          'Un carrito lleva productos de un solo comercio. Vaciá el carrito para comprar en otro.',
          {
            errors: [{ name: 'items', message: 'Productos de más de un comercio' }],
          },
        )
      }
      const saved = await repository.replace(
        cart.id,
        {
          storeId: [...storeIds][0] ?? null,
          ...(input.note !== undefined ? { note: input.note } : {}),
          ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
        },
        items,
      )
      // The cart's row went (its owner deleted) between the read and the write.
      if (!saved) throw notFound()
      return view(saved)
    },

    async clear(cartId: string, caller: CartCaller) {
      requireOwner(caller)
      const found = await owned(cartId, caller)
      if (found === 'foreign') throw notFound()
      // A cart never saved is already empty.
      if (found === null) return emptyCart(cartId)
      await repository.clearNow(found.id)
      return view((await repository.find(found.id))!)
    },

    /**
     * For checkout, of a cart row another statement read (null: none): the customer's cart, or a
     * clear error (decision 068).
     */
    checkoutCart,
    moveDeviceToUser: repository.moveDeviceToUser,
    purgeStaleAnonymous: (before: Date) => repository.deleteStaleAnonymous(before),
    clearing: repository.clearing,
  }
}
export type CartService = ReturnType<typeof createCartService>
