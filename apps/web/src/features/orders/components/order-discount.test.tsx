import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { LegacyOrderDetail } from '@/features/orders/components/legacy-order-detail'
import { OrderTotals } from '@/features/orders/components/order-lines'
import { setDeviceId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildOrder, ORDER_ID, plain, renderOrdering } from '@/testing/ordering-fixtures'
import { renderWithProviders } from '@/testing/render'

/** The row holding a label: its text with the amount beside it. */
const rowOf = (label: string) => plain(screen.getByText(label).parentElement?.textContent)

describe('an order with a coupon (issue 28)', () => {
  test("the customer's totals show the discount with its code", () => {
    renderWithProviders(
      <OrderTotals
        order={buildOrder({ discount: 70000, couponCode: 'MARTES10', total: 630000 })}
      />,
    )
    expect(rowOf('Descuento (MARTES10)')).toBe('Descuento (MARTES10)− $ 700')
  })

  test('without a discount there is no discount line', () => {
    renderWithProviders(<OrderTotals order={buildOrder()} />)
    expect(screen.queryByText(/^Descuento/)).not.toBeInTheDocument()
  })

  test('the legacy order page has the discount row too', async () => {
    setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
    const order = buildOrder({ discount: 70000, couponCode: 'MARTES10', total: 630000 })
    http.defaults.adapter = createFakeAdapter(({ method, url }) =>
      method === 'GET' && url === `/orders/${ORDER_ID}`
        ? { status: 200, data: order }
        : { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No' } },
    )
    renderOrdering(
      [{ path: '/orders/:orderId', element: <LegacyOrderDetail orderId={ORDER_ID} /> }],
      { url: `/orders/${ORDER_ID}` },
    )
    const header = await screen.findByRole('rowheader', { name: 'Descuento (MARTES10)' })
    expect(plain(header.parentElement?.textContent)).toBe('Descuento (MARTES10)− $ 700')
  })
})
