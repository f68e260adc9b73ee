import { productMainPhoto } from '@barrio/contracts/product-images'
import type { Product } from '@barrio/contracts/products'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

import {
  getCartController,
  type AddItemInput,
  type AddItemResult,
} from '@/features/cart/utils/cart-controller'
import type { CartItemDetails, CartStore } from '@/features/cart/utils/cart-items'
import { showErrorToast, showToast } from '@/lib/toast'

export const ADDED_TO_CART_MESSAGE = 'Agregado al carrito'
export const ADD_TO_CART_FAILED_MESSAGE = 'No pudimos agregar el producto. Intentá nuevamente.'

export type AddToCartInput =
  { product: Product; variantId: string; quantity: number } | AddItemInput

/** What the cart shows for a product before the server answers. */
export function cartDetailsFromProduct(
  product: Product,
  variantId: string,
): { store: CartStore; details: CartItemDetails } {
  const variant = product.variants.find((v) => v._id === variantId)
  const image = productMainPhoto(product.media)
  return {
    store: {
      _id: product.store._id,
      name: product.store.name,
      handle: product.store.handle,
      isOpen: product.store.isOpen,
    },
    details: {
      productId: product._id,
      title: product.title,
      variantTitle: variant?.title ?? '',
      imageUrl: image?.url ?? null,
      unitPrice: variant?.price ?? product.price,
      stock: variant?.trackInventory ? variant.stock : null,
      unitMeasure: variant?.unitMeasure ?? null,
      taxes: product.taxes ?? [],
    },
  }
}

/**
 * Adds a variant to the cart (spec section 5: same variant adds to the quantity, else appends).
 * A product of another shop asks first whether to empty the cart. Shows 'Agregado al carrito'.
 */
export function useAddToCart(): (input: AddToCartInput) => Promise<AddItemResult> {
  const queryClient = useQueryClient()
  return useCallback(
    async (input: AddToCartInput) => {
      const item: AddItemInput =
        'product' in input
          ? {
              variantId: input.variantId,
              quantity: input.quantity,
              ...cartDetailsFromProduct(input.product, input.variantId),
            }
          : input
      const result = await getCartController(queryClient).addItem(item)
      if (result === 'added') showToast({ message: ADDED_TO_CART_MESSAGE, type: 'success' })
      if (result === 'failed') showErrorToast(ADD_TO_CART_FAILED_MESSAGE)
      return result
    },
    [queryClient],
  )
}
