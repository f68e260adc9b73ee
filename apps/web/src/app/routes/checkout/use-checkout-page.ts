import { useDocumentTitle } from '@mantine/hooks'
import { useEffect, useRef } from 'react'
import { useParams } from 'react-router'

import { useCheckout, type CheckoutView } from '@/api/customer/checkout/get-checkout'
import { useAppStore } from '@/lib/app-store'

/** The checkout query, asked again when the customer signs in from the page. */
export function useCheckoutPage(view: CheckoutView) {
  const { checkoutId = '' } = useParams()
  useDocumentTitle('Checkout · Barrio')
  const query = useCheckout(checkoutId, view)
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const wasLoggedIn = useRef(isLoggedIn)
  const { refetch } = query
  useEffect(() => {
    if (isLoggedIn && !wasLoggedIn.current) void refetch()
    wasLoggedIn.current = isLoggedIn
  }, [isLoggedIn, refetch])
  return { checkoutId, query }
}
