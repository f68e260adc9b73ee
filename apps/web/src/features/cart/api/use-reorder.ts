import type { Order } from '@barrio/contracts/orders'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

import { getCartController } from '@/features/cart/utils/cart-controller'
import { openCartDrawer } from '@/features/cart/utils/cart-drawer-store'
import { confirm } from '@/components/confirm/confirm'
import { showErrorToast } from '@/lib/toast'

export const REORDER_CONFIRM_MESSAGE =
  'Tu carrito ya tiene productos. ¿Querés reemplazarlos por los de este pedido?'

/**
 * "Volver a pedir": the order's items become the cart (asking first when the cart is not empty),
 * then the cart drawer opens. The server checks prices and stock again when it syncs.
 */
export function useReorder(): (order: Order) => Promise<boolean> {
  const queryClient = useQueryClient()
  return useCallback(
    async (order: Order) => {
      const controller = getCartController(queryClient)
      const cart = await controller.current()
      if (!cart) {
        showErrorToast('No pudimos cargar tu carrito. Intentá nuevamente.')
        return false
      }
      if (cart.items.length > 0 && !(await confirm({ message: REORDER_CONFIRM_MESSAGE }))) {
        return false
      }
      const done = await controller.replaceItems({
        store: {
          _id: order.store._id,
          name: order.store.name,
          handle: order.store.handle,
          isOpen: true,
        },
        items: order.items.map((item) => ({
          variantId: item.variantId,
          quantity: item.quantity,
          details: {
            productId: item.productId,
            title: item.title,
            variantTitle: item.variantTitle,
            imageUrl: item.imageUrl,
            unitPrice: item.unitPrice,
          },
        })),
      })
      if (done) openCartDrawer()
      return done
    },
    [queryClient],
  )
}
