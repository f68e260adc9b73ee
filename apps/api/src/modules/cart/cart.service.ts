import type { CartUpdateInput } from '@barrio/contracts/cart'
import { NO_OWNER_MESSAGE } from '@barrio/contracts/addresses'
import { AppError } from '../../lib/errors.ts'
import type { CartOwner, CartRepository, CartRow } from './cart.repository.ts'

export type CartCaller = { userId: string | null; deviceId: string | null }

function ownerOf(caller: CartCaller): CartOwner {
  if (caller.userId) return { userId: caller.userId }
  if (caller.deviceId) return { deviceId: caller.deviceId }
  throw new AppError('UNAUTHORIZED', NO_OWNER_MESSAGE)
}

/**
 * A cart may be used by whoever holds its token, as long as it is not someone else's: a signed-in
 * user's cart is theirs alone; an anonymous cart belongs to its device until its owner signs in.
 */
function mayUse(cart: CartRow, caller: CartCaller): boolean {
  if (cart.userId) return cart.userId === caller.userId
  return cart.deviceId === null || cart.deviceId === caller.deviceId || caller.userId !== null
}

/** The customer's cart: one store at a time; prices and stock always come from the server. */
export function createCartService({ repository }: { repository: CartRepository }) {
  async function usable(
    cartId: string | null,
    caller: CartCaller,
    { create }: { create: boolean },
  ) {
    if (cartId) {
      const cart = await repository.find(cartId)
      if (cart && mayUse(cart, caller)) {
        // An anonymous cart used by a signed-in customer becomes theirs.
        if (!cart.userId && caller.userId) await repository.claim(cart.id, caller.userId)
        return cart
      }
      if (!create) throw new AppError('NOT_FOUND', 'No encontramos ese carrito.')
    }
    if (!create) throw new AppError('NOT_FOUND', 'No encontramos ese carrito.')
    return repository.create(ownerOf(caller))
  }

  async function view(cart: CartRow) {
    const rows = await repository.items(cart.id)
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
      isAvailable: r.productStatus === 'active' && (!r.trackStock || r.stockQuantity >= r.quantity),
    }))
    const store = cart.storeId ? await repository.store(cart.storeId) : null
    return {
      _id: cart.id,
      note: cart.note,
      items,
      totalPrice: items.reduce((sum, i) => sum + i.lineTotal, 0),
      currency: 'ARS' as const,
      attributes: cart.attributes,
      storeId: cart.storeId,
      store: store
        ? { _id: store.id, name: store.name, handle: store.handle, isOpen: store.isOpen }
        : null,
      itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
    }
  }

  return {
    /** GET /cart: the cart named by the token, or a new empty one for this user or device. */
    async get(cartId: string | null, caller: CartCaller) {
      return view(await usable(cartId, caller, { create: true }))
    },

    /**
     * Replaces the items. Quantities of 0 or less drop the item; repeated variants add up; every
     * item must be an active product of one active store, within its stock.
     */
    async update(input: CartUpdateInput, caller: CartCaller) {
      const cart = await usable(input.cartId, caller, { create: false })
      const merged = new Map<string, number>()
      for (const item of input.items)
        merged.set(item.variantId, (merged.get(item.variantId) ?? 0) + item.quantity)
      const items = [...merged]
        .filter(([, q]) => q > 0)
        .map(([variantId, quantity]) => ({ variantId, quantity }))
      const variants = new Map(
        (await repository.variants(items.map((i) => i.variantId))).map((v) => [v.id, v]),
      )
      const errors: Array<{ name: string; message: string }> = []
      items.forEach((item, i) => {
        const v = variants.get(item.variantId)
        if (!v || v.productStatus !== 'active' || v.storeStatus !== 'active') {
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
      await repository.replace(
        cart.id,
        {
          storeId: [...storeIds][0] ?? null,
          ...(input.note !== undefined ? { note: input.note } : {}),
          ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
        },
        items,
      )
      return view((await repository.find(cart.id))!)
    },

    async clear(cartId: string, caller: CartCaller) {
      const cart = await usable(cartId, caller, { create: false })
      await repository.clearNow(cart.id)
      return view((await repository.find(cart.id))!)
    },

    /** For checkout: the caller's cart with its items, or a clear error. */
    async forCheckout(cartId: string, userId: string) {
      const cart = await usable(cartId, { userId, deviceId: null }, { create: false })
      return { cart, items: await repository.items(cart.id) }
    },
    /** The cart's items read in the caller's transaction (the confirm's own pricing). */
    itemsWith: (q: Parameters<CartRepository['items']>[1], cartId: string) =>
      repository.items(cartId, q),
    moveDeviceToUser: repository.moveDeviceToUser,
    clearWith: repository.clear,
  }
}
export type CartService = ReturnType<typeof createCartService>
