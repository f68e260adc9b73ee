import type { DashboardStoreLine } from '@barrio/contracts/admin-dashboard'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { StoreLines } from '@/features/admin-dashboard/components/store-lines'
import { renderWithProviders } from '@/testing/render'
import { STORE_A, STORE_B } from '@/testing/seller-fixtures'

const line = (overrides: Partial<DashboardStoreLine>): DashboardStoreLine => ({
  _id: STORE_A,
  name: 'Tostadero Soho',
  isOpen: true,
  today: { date: '2026-11-24', sales: 8700000, orders: 2 },
  waiting: 2,
  ...overrides,
})

describe('store lines', () => {
  test('one line per store with its day; choosing one switches the store', async () => {
    const onSelect = vi.fn()
    renderWithProviders(
      <StoreLines
        stores={[line({}), line({ _id: STORE_B, name: 'Vinoteca', isOpen: false, waiting: 0 })]}
        selectedStoreId={STORE_A}
        onSelect={onSelect}
      />,
    )
    const current = await screen.findByRole('button', { name: /^Tostadero Soho/ })
    expect(current).toHaveAttribute('aria-current', 'true')
    expect(current.textContent?.replace(/\u00a0/g, ' ')).toContain(
      '$ 87.000 · 2 pedidos · 2 para atender',
    )
    expect(screen.getByRole('button', { name: /^Vinoteca/ })).toHaveTextContent('Cerrada')
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /^Vinoteca/ }))
    expect(onSelect).toHaveBeenCalledWith(STORE_B)
  })

  test('one order today reads in the singular (issue 30: "1 pedidos")', async () => {
    renderWithProviders(
      <StoreLines
        stores={[
          line({ today: { date: '2026-11-24', sales: 500000, orders: 1 }, waiting: 1 }),
          line({ _id: STORE_B, name: 'Vinoteca' }),
        ]}
        selectedStoreId={STORE_A}
        onSelect={() => {}}
      />,
    )
    const current = await screen.findByRole('button', { name: /^Tostadero Soho/ })
    expect(current.textContent?.replace(/\u00a0/g, ' ')).toContain(
      '$ 5.000 · 1 pedido · 1 para atender',
    )
  })

  test('a single store needs no lines', async () => {
    renderWithProviders(
      <>
        <StoreLines stores={[line({})]} selectedStoreId={STORE_A} onSelect={() => {}} />
        <p>Resto del panel</p>
      </>,
    )
    // Rendered (the router renders asynchronously), and without the lines.
    expect(await screen.findByText('Resto del panel')).toBeInTheDocument()
    expect(screen.queryByText('Tus tiendas hoy')).not.toBeInTheDocument()
  })

  test('before the figures arrive, each store keeps its line, without figures', async () => {
    renderWithProviders(
      <StoreLines
        stores={[
          { _id: STORE_A, name: 'Tostadero Soho', isOpen: true },
          { _id: STORE_B, name: 'Vinoteca', isOpen: false },
        ]}
        selectedStoreId={STORE_A}
        onSelect={() => {}}
      />,
    )
    expect(await screen.findByRole('button', { name: /^Tostadero Soho/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Vinoteca/ })).toBeInTheDocument()
    expect(screen.queryByText(/para atender/)).not.toBeInTheDocument()
  })
})
