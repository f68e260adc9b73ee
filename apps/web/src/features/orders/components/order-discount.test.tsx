import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { OrderTotals } from '@/features/orders/components/order-lines'
import { buildOrder, plain } from '@/testing/ordering-fixtures'
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
})
