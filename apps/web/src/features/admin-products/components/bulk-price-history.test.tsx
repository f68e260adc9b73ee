import type { PriceChange } from '@barrio/contracts/price-changes'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'

import { BulkPriceHistory } from '@/features/admin-products/components/bulk-price-history'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller } from '@/testing/seller-fixtures'
import { WAIT } from '@/testing/wait'

const CHANGE = '33333333-3333-4333-8333-333333333333'
const USER = '44444444-4444-4444-8444-444444444444'

const change: PriceChange = {
  _id: CHANGE,
  createdAt: '2026-11-27T15:00:00.000Z',
  actor: { _id: USER, name: 'Marta Gómez' },
  filter: { collectionId: '55555555-5555-4555-8555-555555555555' },
  change: { type: 'percent', value: 1200 },
  apply: 'price',
  rounding: '10',
  count: 2,
  undo: null,
}

test('Deshacer asks first, then names the variants left because their price changed since', async () => {
  let undone = false
  const adapter = createFakeAdapter(({ method, url }) => {
    if (method === 'GET' && url === '/admin/price-changes') {
      const undo = undone
        ? { at: '2026-11-28T12:00:00.000Z', by: null, restored: 1, left: 1 }
        : null
      return { status: 200, data: pageOf([{ ...change, undo }]) }
    }
    if (method === 'POST' && url === `/admin/price-changes/${CHANGE}/undo`) {
      undone = true
      return {
        status: 200,
        data: {
          changeId: CHANGE,
          restored: 1,
          leftCount: 1,
          left: [
            {
              productId: '11111111-1111-4111-8111-111111111111',
              variantId: '22222222-2222-4222-8222-222222222222',
              title: 'Café en grano',
              variantTitle: null,
              expected: { price: 135800, compareAtPrice: null },
              current: { price: 140000, compareAtPrice: null },
            },
          ],
        },
      }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  signInSeller()
  renderWithProviders(<BulkPriceHistory opened onClose={() => {}} />)
  const user = userEvent.setup()

  const history = await screen.findByRole('dialog', { name: 'Historial de precios' }, WAIT)
  const table = await within(history).findByRole('table', {}, WAIT)
  expect(table).toHaveTextContent('Aumento del 12 %')
  expect(table).toHaveTextContent('Precio · A los $ 10 más cercanos')
  expect(table).toHaveTextContent('Marta Gómez')

  await user.click(within(history).getByRole('button', { name: /^Acciones de Aumento del 12 %/ }))
  await user.click(await screen.findByRole('menuitem', { name: 'Deshacer' }))
  const question = await screen.findByRole('dialog', { name: /Esta seguro/ }, WAIT)
  expect(question).toHaveTextContent('¿Querés deshacer el cambio "Aumento del 12 %"')
  await user.click(within(question).getByRole('button', { name: 'Confirmar' }))

  expect(await within(history).findByText('Cambio deshecho en parte', {}, WAIT)).toBeInTheDocument()
  expect(history).toHaveTextContent('No tocamos 1 variante porque su precio cambió después:')
  expect(history).toHaveTextContent(
    'Café en grano: el cambio lo dejó en $ 1.358 y ahora está en $ 1.400.',
  )
  expect(adapter.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  // The list is read again: the change now says it was undone, and cannot be undone twice.
  expect(await within(history).findByText(/^Deshecho el/, {}, WAIT)).toBeInTheDocument()
})
