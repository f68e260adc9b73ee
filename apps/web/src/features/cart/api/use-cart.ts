import { useQuery, useQueryClient } from '@tanstack/react-query'

import { getCartQueryOptions } from '@/features/cart/api/get-cart'
import { getCartController } from '@/features/cart/utils/cart-controller'
import { useAppStore } from '@/lib/app-store'

/**
 * The cart on screen and its controller. The query observer never fetches by itself: the cart
 * session (app start, sign-in, address change) and the drawer decide when to ask the server.
 */
export function useCart() {
  const queryClient = useQueryClient()
  const controller = getCartController(queryClient)
  const isAdmin = useAppStore((s) => s.appType === 'admin')
  const query = useQuery({ ...getCartQueryOptions(), enabled: false })
  const cart = isAdmin ? null : (query.data ?? null)
  return {
    cart,
    controller,
    isLoading: !cart && query.isFetching,
    isError: !cart && query.isError,
  }
}

/** After an order is placed the server has emptied the cart: the screen follows at once. */
export function useClearCartAfterOrder(): () => void {
  const queryClient = useQueryClient()
  return () => getCartController(queryClient).afterOrder()
}
