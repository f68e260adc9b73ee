import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { CustomersList } from '@/features/admin-customers/components/customers-list'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller } from '@/testing/seller-fixtures'

function fakeCustomers() {
  const lists: Array<Record<string, unknown>> = []
  http.defaults.adapter = createFakeAdapter(({ method, url, config }) => {
    if (method === 'GET' && url === '/admin/customers') {
      lists.push(config.params as Record<string, unknown>)
      return { status: 200, data: pageOf([], { limit: 25 }) }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  return { lists }
}

describe('seller customer list', () => {
  test('a store with no customers yet says how they arrive', async () => {
    const { lists } = fakeCustomers()
    signInSeller()
    renderWithProviders(<CustomersList />, { url: '/admin/customers' })

    expect(
      await screen.findByText('Todavía no tenés clientes', {}, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(screen.getByText(/Quien te compre aparece acá solo/)).toBeInTheDocument()
    expect(lists[0]).toEqual({ page: 1, limit: 25, sort: '-lastOrderAt' })
  })

  test('filters in the URL become the JSON query; an empty result offers to clear them', async () => {
    const { lists } = fakeCustomers()
    signInSeller()
    renderWithProviders(<CustomersList />, {
      url: '/admin/customers?q=lucia&tag=vip&minOrders=2&minSpent=1000&lastFrom=2026-01-01&sort=-totalSpent',
    })

    expect(
      await screen.findByText('Ningún cliente coincide con los filtros', {}, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Buscar clientes')).toHaveValue('lucia')
    expect(lists[0]!.sort).toBe('-totalSpent')
    expect(JSON.parse(String(lists[0]!.query))).toEqual({
      search: 'lucia',
      tags: 'vip',
      ordersCount: { $gte: 2 },
      // Pesos in the URL, centavos on the wire.
      totalSpent: { $gte: 100_000 },
      lastOrderAt: { $gte: '2026-01-01' },
    })
    expect(screen.getAllByRole('button', { name: 'Limpiar filtros' }).length).toBeGreaterThan(0)
  })
})
