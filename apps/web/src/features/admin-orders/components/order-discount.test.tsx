import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { OrderDetail } from '@/features/admin-orders/components/order-detail'
import { http } from '@/lib/http/client'
import { buildAdminOrder } from '@/testing/admin-order-fixtures'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller, STORE_A } from '@/testing/seller-fixtures'

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ')

describe('an order with a coupon (issue 28)', () => {
  test("the seller's order detail shows it in the totals", () => {
    signInSeller()
    http.defaults.adapter = createFakeAdapter(() => ({ status: 404 }))
    const order: AdminOrder = buildAdminOrder({ discount: 70000, couponCode: 'MARTES10' })
    renderWithProviders(<OrderDetail order={order} storeId={STORE_A} />)
    const totals = screen.getByLabelText('Totales')
    expect(within(totals).getByText('Descuento (MARTES10)')).toBeInTheDocument()
    expect(plain(totals.textContent)).toContain('Descuento (MARTES10)-$ 700')
  })
})
