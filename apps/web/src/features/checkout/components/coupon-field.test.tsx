import type { CheckoutSummary } from '@barrio/contracts/checkout'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useParams } from 'react-router'
import { describe, expect, test } from 'vitest'

import { useCheckout } from '@/api/customer/checkout/get-checkout'
import { CheckoutReview } from '@/features/checkout/components/checkout-review'
import { COUPON_FIELD_LABELS } from '@/features/checkout/components/coupon-field'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { buildSummary, CHECKOUT_ID, plain, renderOrdering } from '@/testing/ordering-fixtures'

function ReviewRoute() {
  const { checkoutId = '' } = useParams()
  const query = useCheckout(checkoutId, 'review')
  return query.data ? <CheckoutReview checkoutId={checkoutId} summary={query.data} /> : null
}

const REVIEWED = {
  step: 'review' as const,
  deliveryType: 'pickup' as const,
  paymentMethod: 'cash' as const,
  canConfirm: true,
}
const ref: FakeReply = {
  status: 200,
  data: {
    checkoutId: CHECKOUT_ID,
    step: 'review',
    checkoutUrl: null,
    cartId: 'c',
    shippingAddressId: null,
  },
}

/** GET review answers `reviewed` until a POST review, then what that code yields. */
function renderReview(afterPost: (code: string | null) => Partial<CheckoutSummary>) {
  setUser(buildUser())
  let current: Partial<CheckoutSummary> = {}
  const adapter = createFakeAdapter(({ method, url, data }) => {
    if (method === 'GET' && url.endsWith('/review'))
      return { status: 200, data: buildSummary({ ...REVIEWED, ...current }) }
    if (method === 'POST' && url.endsWith('/review')) {
      current = afterPost((data as { couponCode: string | null }).couponCode)
      return ref
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  const user = userEvent.setup({ delay: null })
  renderOrdering([{ path: '/checkout/:checkoutId/review', element: <ReviewRoute /> }], {
    url: `/checkout/${CHECKOUT_ID}/review`,
  })
  return { adapter, user }
}

describe('checkout coupon', () => {
  test('an applied code shows its discount line; "Quitar" sends the review without it', async () => {
    const { adapter, user } = renderReview((code) =>
      code
        ? {
            discount: 70000,
            total: 630000,
            coupon: { code, applied: true, message: null },
          }
        : {},
    )
    const field = await screen.findByRole('textbox', { name: COUPON_FIELD_LABELS.field })
    await user.type(field, 'martes10')
    await user.click(screen.getByRole('button', { name: COUPON_FIELD_LABELS.apply }))

    const discount = await screen.findByTestId('checkout-discount')
    expect(plain(discount.textContent)).toBe('− $ 700')
    expect(screen.getByText('Descuento (MARTES10)')).toBeInTheDocument()
    expect(plain(screen.getByTestId('checkout-total').textContent)).toBe('$ 6.300')
    const posted = adapter.calls.find((c) => c.method === 'POST')?.data
    expect(posted).toMatchObject({
      couponCode: 'MARTES10',
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      contact: { firstName: 'Lucía', email: 'lucia@example.com' },
    })

    await user.click(screen.getByRole('button', { name: COUPON_FIELD_LABELS.remove }))
    await waitFor(() => expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument())
    const posts = adapter.calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(posts[1]?.data).toMatchObject({ couponCode: null })
    expect(field).toHaveValue('')
  })

  test('a code that does not apply shows why under the field, and no discount', async () => {
    const { user } = renderReview((code) => ({
      coupon: { code: code ?? '', applied: false, message: 'Mínimo de compra $ 10.000' },
    }))
    const field = await screen.findByRole('textbox', { name: COUPON_FIELD_LABELS.field })
    await user.type(field, 'grande')
    await user.click(screen.getByRole('button', { name: COUPON_FIELD_LABELS.apply }))

    expect(await screen.findByText('Mínimo de compra $ 10.000')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument()
  })
})
