import type { Cart } from '@barrio/contracts/cart'
import { CART_TOKEN_REQUIRED } from '@barrio/contracts/constants'
import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import { isCancelledError, type QueryClient } from '@tanstack/react-query'

import { clearCartRequest } from '@/api/customer/cart/clear-cart'
import { CART_QUERY_KEY, getCartQueryOptions } from '@/features/cart/api/get-cart'
import { updateCart } from '@/api/customer/cart/update-cart'
import {
  addCartItem,
  emptyCart,
  isOtherStore,
  setCartItemQuantity,
  toCartPayload,
  withCartItems,
  type CartItemDetails,
  type CartStore,
} from '@/features/cart/utils/cart-items'
import { closeCartDrawer } from '@/features/cart/utils/cart-drawer-store'
import { readCartToken } from '@/features/cart/utils/cart-token'
import { confirm } from '@/components/confirm/confirm'
import { isApiError } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'

export type AddItemResult = 'added' | 'cancelled' | 'failed'

export type AddItemInput = {
  variantId: string
  quantity: number
  /** The product's shop: adding from another shop asks before emptying the cart. */
  store?: CartStore
  details?: CartItemDetails
}

export type ReplaceItemsInput = {
  items: Array<{ variantId: string; quantity: number; details?: CartItemDetails }>
  store?: CartStore
}

/**
 * The cart as the customer edits it. The server cart lives in TanStack Query under one key; every
 * change is applied there at once (optimistic) and the whole item list is sent to
 * POST /cart/update after PAYLOAD_DEBOUNCE_MS of quiet (spec section 9), one request at a time.
 * Spec section 7: sync and clear failures are only logged; a 409 (stock, two shops) shows the
 * server's message and brings the server's cart back.
 */
export function createCartController(queryClient: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | null = null
  /** Bumped on every local change: an answer to an older payload must not undo a newer one. */
  let revision = 0
  let queue: Promise<void> = Promise.resolve()
  let loading: Promise<Cart | null> | null = null

  const read = (): Cart | null => queryClient.getQueryData<Cart>(CART_QUERY_KEY) ?? null
  const write = (cart: Cart) => queryClient.setQueryData<Cart>(CART_QUERY_KEY, cart)

  function cancelTimer() {
    if (timer) clearTimeout(timer)
    timer = null
  }

  /** GET /cart (the token goes as x-cart-id; without one the server starts a new cart). */
  function load(): Promise<Cart | null> {
    loading ??= queryClient
      .fetchQuery({ ...getCartQueryOptions(), staleTime: 0 })
      .catch((error: unknown) => {
        // Signing in or out closes the cart session and drops its queries: that load is cancelled
        // on purpose, not failed.
        if (!isCancelledError(error)) console.error('No se pudo cargar el carrito.', error)
        return null
      })
      .finally(() => {
        loading = null
      })
    return loading
  }

  /**
   * The token vanished or changed under us (selecting a different address forgets it, another
   * tab, wiped storage): the cart on screen is no longer the customer's cart. Show it empty and
   * start a new one; a forgotten cart is also emptied on the server.
   */
  function checkToken(): void {
    const cart = read()
    const token = readCartToken()
    if (!cart || cart._id === token) return
    cancelTimer()
    revision += 1
    if (token === null) {
      const oldId = cart._id
      queue = queue.then(() =>
        clearCartRequest(oldId).then(
          () => undefined,
          (error: unknown) => console.error('No se pudo vaciar el carrito anterior.', error),
        ),
      )
    }
    write({ ...emptyCart(cart), _id: token ?? '' })
    void load()
  }

  /** The customer's current cart, loading (or creating) it when needed. */
  async function current(): Promise<Cart | null> {
    checkToken()
    if (loading) return loading
    const cart = read()
    if (cart && cart._id !== '' && cart._id === readCartToken()) return cart
    return load()
  }

  async function sync(): Promise<void> {
    const cart = read()
    if (!cart) return
    const token = readCartToken()
    if (!token) {
      console.error(CART_TOKEN_REQUIRED)
      return
    }
    if (token !== cart._id) {
      checkToken()
      return
    }
    const sent = revision
    try {
      const saved = await updateCart({
        cartId: token,
        items: toCartPayload(cart.items),
        note: cart.note,
      })
      if (sent === revision && readCartToken() === token) {
        // The server trims the note: keep what the customer is typing (a trailing space).
        const local = read()
        write(local && local.note.trim() === saved.note ? { ...saved, note: local.note } : saved)
      }
    } catch (error) {
      if (isApiError(error) && error.statusCode === 409) {
        showErrorToast(error.message)
        revision += 1
        await load()
      } else {
        console.error('No se pudo sincronizar el carrito.', error)
        // The cart is not usable any more (another account's, deleted): start a new one.
        if (isApiError(error) && error.statusCode === 404) await load()
      }
    }
  }

  function enqueueSync(): Promise<void> {
    queue = queue.then(sync, sync)
    return queue
  }

  function schedule() {
    cancelTimer()
    timer = setTimeout(() => {
      timer = null
      void enqueueSync()
    }, PAYLOAD_DEBOUNCE_MS)
  }

  function change(update: (cart: Cart) => Cart): boolean {
    checkToken()
    const cart = read()
    if (!cart || cart._id === '') return false
    write(update(cart))
    revision += 1
    schedule()
    return true
  }

  /** Sends a pending change now and waits for every request in flight. */
  function flush(): Promise<void> {
    if (timer) {
      cancelTimer()
      return enqueueSync()
    }
    return queue
  }

  /** Empties the cart here at once and on the server (POST /cart/clear). */
  async function clear(): Promise<void> {
    cancelTimer()
    revision += 1
    const cart = read()
    if (cart) write(emptyCart(cart))
    const token = readCartToken()
    if (!token) {
      console.error(CART_TOKEN_REQUIRED)
      return
    }
    const sent = revision
    queue = queue.then(async () => {
      try {
        const saved = await clearCartRequest(token)
        if (sent === revision && readCartToken() === token) write(saved)
      } catch (error) {
        console.error('No se pudo vaciar el carrito.', error)
      }
    })
    await queue
  }

  async function addItem({
    variantId,
    quantity,
    store,
    details,
  }: AddItemInput): Promise<AddItemResult> {
    const cart = await current()
    if (!cart) return 'failed'
    if (isOtherStore(cart, store?._id) && store) {
      const current = cart.store?.name ?? 'otro comercio'
      const accepted = await confirm({
        message: `Tu carrito tiene productos de ${current}. ¿Querés vaciarlo y empezar uno nuevo con ${store.name}?`,
      })
      if (!accepted) return 'cancelled'
      await clear()
    }
    const applied = change((c) =>
      withCartItems(
        c,
        addCartItem(c.items, variantId, quantity, details),
        c.items.length === 0 ? store : undefined,
      ),
    )
    return applied ? 'added' : 'failed'
  }

  /** "Volver a pedir": the cart becomes exactly these items. */
  async function replaceItems({ items, store }: ReplaceItemsInput): Promise<boolean> {
    const cart = await current()
    if (!cart) return false
    return change((c) => {
      let next = emptyCart(c).items
      for (const item of items)
        next = addCartItem(next, item.variantId, item.quantity, item.details)
      return withCartItems({ ...c, items: [] }, next, store ?? null)
    })
  }

  return {
    read,
    load,
    current,
    checkToken,
    flush,
    clear,
    addItem,
    replaceItems,
    setQuantity: (variantId: string, quantity: number) =>
      change((c) => withCartItems(c, setCartItemQuantity(c.items, variantId, quantity))),
    removeItem: (variantId: string) =>
      change((c) => withCartItems(c, setCartItemQuantity(c.items, variantId, 0))),
    setNote: (note: string) => change((c) => ({ ...c, note })),
    /** After login or logout: send what is pending, then ask the server whose cart this is. */
    async refresh(): Promise<Cart | null> {
      await flush()
      return load()
    },
    /** The order was placed: the server emptied the cart, so the screen does too. */
    afterOrder(): void {
      cancelTimer()
      revision += 1
      const cart = read()
      if (cart) write(emptyCart(cart))
      void load()
    },
    /** Spec section 4: an admin closes the cart (admins do not use one). */
    close(): void {
      cancelTimer()
      revision += 1
      closeCartDrawer()
      queryClient.removeQueries({ queryKey: CART_QUERY_KEY, exact: true })
    },
  }
}

export type CartController = ReturnType<typeof createCartController>

const controllers = new WeakMap<QueryClient, CartController>()

/** One controller per query client (the app has one; each test renders with its own). */
export function getCartController(queryClient: QueryClient): CartController {
  let controller = controllers.get(queryClient)
  if (!controller) {
    controller = createCartController(queryClient)
    controllers.set(queryClient, controller)
  }
  return controller
}
