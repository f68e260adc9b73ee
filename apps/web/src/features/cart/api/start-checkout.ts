import { CART_TOKEN_REQUIRED } from '@barrio/contracts/cart'
import type { CheckoutRef } from '@barrio/contracts/checkout'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { z } from 'zod'

import { createCheckout } from '@/api/customer/cart/create-checkout'
import { getCartController } from '@/features/cart/utils/cart-controller'
import { closeCartDrawer } from '@/features/cart/utils/cart-drawer-store'
import { readCartToken } from '@/features/cart/utils/cart-token'
import { paths } from '@/config/paths'
import { appStore, openLoginModal } from '@/lib/app-store'
import { getErrorMessage, isApiError } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'
import { redirectTo } from '@/lib/redirect'

export const CHOOSE_ADDRESS_MESSAGE = 'Elegí una dirección de entrega para seguir con tu compra.'

export type StartCheckoutResult =
  'login' | 'empty' | 'no-token' | 'no-address' | 'started' | 'failed'

type Navigate = (to: string) => void | Promise<void>

/**
 * Spec section 4: after POST /checkout the app goes to the checkoutUrl when there is one,
 * else to /checkout/{id}/review when the step is review, else to /checkout/{id}.
 */
export function goToCheckout(ref: CheckoutRef, navigate: Navigate): void {
  if (ref.checkoutUrl) {
    if (ref.checkoutUrl.startsWith('/')) void navigate(ref.checkoutUrl)
    else redirectTo(ref.checkoutUrl)
    return
  }
  void navigate(
    ref.step === 'review'
      ? paths.checkoutReview.getHref(ref.checkoutId)
      : paths.checkout.getHref(ref.checkoutId),
  )
}

const serverAddressId = z.uuid()

let stopWaitingForSignIn: (() => void) | null = null

/**
 * "Ir a pagar" while signed out opened the login modal: once the customer signs in there, the
 * purchase goes on by itself (no second click). Closing the modal without signing in drops it.
 */
function resumeAfterSignIn(resume: () => void) {
  stopWaitingForSignIn?.()
  const stop = () => {
    unsubscribe()
    stopWaitingForSignIn = null
  }
  const unsubscribe = appStore.subscribe(() => {
    const { isLoggedIn, isLoginModalOpen } = appStore.getState()
    if (isLoggedIn) {
      stop()
      // After the store update that signed the user in has reached every listener.
      setTimeout(resume, 0)
    } else if (!isLoginModalOpen) stop()
  })
  stopWaitingForSignIn = stop
}

/**
 * "Ir a pagar" (spec section 5): needs a signed-in user (otherwise the login modal opens), a
 * non-empty cart and a cart token (a missing one is logged with the spec's text), and here also a
 * saved delivery address. Then POST /checkout and on to the checkout.
 */
export async function startCheckout(
  queryClient: QueryClient,
  navigate: Navigate,
): Promise<StartCheckoutResult> {
  const { isLoggedIn, selectedAddressId } = appStore.getState()
  if (!isLoggedIn) {
    openLoginModal('login')
    resumeAfterSignIn(() => void startCheckout(queryClient, navigate))
    return 'login'
  }
  const controller = getCartController(queryClient)
  const cart = controller.read()
  if (!cart || cart.items.length === 0) return 'empty'
  const cartId = readCartToken()
  if (!cartId) {
    console.error(CART_TOKEN_REQUIRED)
    return 'no-token'
  }
  if (!selectedAddressId || !serverAddressId.safeParse(selectedAddressId).success) {
    showToast({ message: CHOOSE_ADDRESS_MESSAGE, type: 'info', position: 'top' })
    closeCartDrawer()
    void navigate(paths.addresses.getHref())
    return 'no-address'
  }
  // The checkout reads the server's cart: send what is still waiting first.
  await controller.flush()
  try {
    const ref = await createCheckout({ cartId, shippingAddressId: selectedAddressId })
    closeCartDrawer()
    goToCheckout(ref, navigate)
    return 'started'
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) openLoginModal('login')
    else showErrorToast(getErrorMessage(error, 'No pudimos empezar la compra. Intentá nuevamente.'))
    return 'failed'
  }
}

export function useStartCheckout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [isPending, setIsPending] = useState(false)
  const start = useCallback(async () => {
    setIsPending(true)
    try {
      return await startCheckout(queryClient, (to) => navigate(to))
    } finally {
      setIsPending(false)
    }
  }, [queryClient, navigate])
  return { start, isPending }
}
