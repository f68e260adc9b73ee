import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { BulkPriceModal } from '@/features/admin-products/components/bulk-price-modal'
import { ProductsList } from '@/features/admin-products/components/products-list'
import { parseHundredths } from '@/features/admin-products/utils/bulk-price'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { buildAdminProduct, pageOf, signInSeller } from '@/testing/seller-fixtures'
import { WAIT } from '@/testing/wait'

const PRODUCT = '11111111-1111-4111-8111-111111111111'
const VARIANT = '22222222-2222-4222-8222-222222222222'
const CHANGE = '33333333-3333-4333-8333-333333333333'

type Body = { dryRun: boolean; change: { value: number } }

function fakeBulkPrice({ refuse = false } = {}) {
  const adapter = createFakeAdapter(({ method, url, data }) => {
    if (method === 'POST' && url === '/admin/products/bulk-price') {
      const body = data as Body
      if (refuse) {
        const message = 'Con este cambio 1 variante quedaría en $ 0 o menos (Yerba mate 1 kg).'
        return {
          status: 422,
          data: {
            statusCode: 422,
            code: 'UNPROCESSABLE_ENTITY',
            message,
            errors: [{ name: 'change.value', message }],
          },
        }
      }
      if (body.dryRun) {
        return {
          status: 200,
          data: {
            count: 1,
            docs: [
              {
                productId: PRODUCT,
                variantId: VARIANT,
                title: 'Yerba mate 1 kg',
                variantTitle: null,
                before: { price: 450000, compareAtPrice: null },
                after: { price: 506250, compareAtPrice: null },
              },
            ],
          },
        }
      }
      return { status: 200, data: { changeId: CHANGE, count: 1 } }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

const LISTED = [
  buildAdminProduct({ _id: PRODUCT, title: 'Yerba mate 1 kg' }),
  buildAdminProduct({ _id: VARIANT, title: 'Mate de calabaza' }),
]

/** The products list answers two products; the bulk endpoint answers as fakeBulkPrice's. */
function fakeListAndBulkPrice() {
  const bulk = fakeBulkPrice()
  const adapter = createFakeAdapter((request) => {
    if (request.method === 'GET' && request.url === '/admin/products')
      return { status: 200, data: pageOf(LISTED) }
    if (request.method === 'GET' && request.url === '/admin/collections')
      return { status: 200, data: pageOf([]) }
    return bulk(request.config).then(
      (response) => ({ status: response.status, data: response.data }),
      (error: { response: { status: number; data: unknown } }) => ({
        status: error.response.status,
        data: error.response.data,
      }),
    )
  })
  http.defaults.adapter = adapter
  return adapter
}

function renderModal(onClose = vi.fn()) {
  signInSeller()
  renderWithProviders(
    <BulkPriceModal opened onClose={onClose} filter={{ search: 'yerba', status: 'active' }} />,
  )
  return onClose
}

describe('Actualizar precios', () => {
  test('the rule previews before → after in pesos, and confirming applies the same body', async () => {
    const adapter = fakeBulkPrice()
    const onClose = renderModal()
    const user = userEvent.setup()
    await user.type(await screen.findByRole('textbox', { name: /Porcentaje/ }), '12,5')
    await user.click(screen.getByRole('button', { name: 'Ver vista previa' }))

    const table = await screen.findByRole('table', { name: 'Vista previa de los precios' }, WAIT)
    const row = within(table).getByRole('row', { name: /Yerba mate 1 kg/ })
    // Whitespace normalised: the no-break space after the sign reads as a space.
    expect(row).toHaveTextContent('Yerba mate 1 kg$ 4.500 → $ 5.062,50')
    expect(screen.getByText('Cambian 1 variante.')).toBeInTheDocument()
    expect(adapter.calls.at(-1)!.data).toEqual({
      filter: { search: 'yerba', status: 'active' },
      change: { type: 'percent', value: 1250 },
      apply: 'price',
      rounding: 'none',
      dryRun: true,
    })

    await user.click(screen.getByRole('button', { name: 'Confirmar y actualizar 1 precio' }))
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT)
    expect(adapter.calls.at(-1)!.data).toEqual({
      filter: { search: 'yerba', status: 'active' },
      change: { type: 'percent', value: 1250 },
      apply: 'price',
      rounding: 'none',
      dryRun: false,
    })
    expect(getToasts('bottom').map((t) => t.message)).toContainEqual(
      expect.stringContaining('Actualizaste 1 precio.'),
    )
  })

  test('a lowering by amount sends negative centavos, with the chosen price and rounding', async () => {
    const adapter = fakeBulkPrice()
    renderModal()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: 'Bajar' }))
    await user.click(screen.getByRole('radio', { name: 'Importe fijo' }))
    await user.type(screen.getByRole('textbox', { name: /Importe en pesos/ }), '1.500,50')
    await user.click(screen.getByRole('combobox', { name: 'Redondeo' }))
    await user.click(await screen.findByRole('option', { name: /Terminado en 99/ }))
    await user.click(screen.getByRole('button', { name: 'Ver vista previa' }))
    await screen.findByRole('table', { name: 'Vista previa de los precios' }, WAIT)
    expect(adapter.calls.at(-1)!.data).toMatchObject({
      change: { type: 'amount', value: -150050 },
      rounding: 'ends-99',
    })
  })

  test('field errors in Spanish: an empty or unreadable number, and the API refusal under its field', async () => {
    const adapter = fakeBulkPrice({ refuse: true })
    renderModal()
    const user = userEvent.setup()
    const input = await screen.findByRole('textbox', { name: /Porcentaje/ })
    await user.click(screen.getByRole('button', { name: 'Ver vista previa' }))
    expect(await screen.findByText('Ingresá el porcentaje')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(adapter.calls).toHaveLength(0)

    await user.type(input, 'doce')
    await user.click(screen.getByRole('button', { name: 'Ver vista previa' }))
    expect(
      await screen.findByText('Escribí un número con hasta dos decimales, por ejemplo 12,5'),
    ).toBeInTheDocument()
    expect(adapter.calls).toHaveLength(0)

    await user.clear(input)
    await user.type(input, '99,99')
    await user.click(screen.getByRole('button', { name: 'Ver vista previa' }))
    // Under the field (its accessible description), as the server named it.
    await vi.waitFor(
      () =>
        expect(input).toHaveAccessibleDescription(
          expect.stringContaining('quedaría en $ 0 o menos (Yerba mate 1 kg)'),
        ),
      WAIT,
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})

describe('from the products list', () => {
  test("the list's filter, or the picked rows, are what the preview asks for", async () => {
    const adapter = fakeListAndBulkPrice()
    signInSeller()
    renderWithProviders(<ProductsList />, { url: '/admin/inventory/products?q=mate&status=active' })
    const user = userEvent.setup()
    await screen.findByRole('table', {}, WAIT)

    await user.click(screen.getByRole('button', { name: 'Actualizar precios' }))
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar precios' }, WAIT)
    await user.type(within(dialog).getByRole('textbox', { name: /Porcentaje/ }), '10')
    await user.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }))
    await within(dialog).findByRole('table', { name: 'Vista previa de los precios' }, WAIT)
    const previews = () => adapter.calls.filter((c) => c.url === '/admin/products/bulk-price')
    expect(previews().at(-1)!.data).toMatchObject({
      filter: { search: 'mate', status: 'active' },
      change: { type: 'percent', value: 1000 },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Volver a la regla' }))
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT)

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todos en esta página' }))
    const bar = screen.getByRole('region', { name: 'Acciones sobre los seleccionados' })
    await user.click(within(bar).getByRole('button', { name: 'Actualizar precios' }))
    const picked = await screen.findByRole('dialog', { name: 'Actualizar precios' }, WAIT)
    expect(picked).toHaveTextContent('Productos: 2 productos elegidos')
    await user.type(within(picked).getByRole('textbox', { name: /Porcentaje/ }), '5')
    await user.click(within(picked).getByRole('button', { name: 'Ver vista previa' }))
    await within(picked).findByRole('table', { name: 'Vista previa de los precios' }, WAIT)
    expect(previews().at(-1)!.data).toMatchObject({
      filter: { productIds: [PRODUCT, VARIANT] },
      change: { type: 'percent', value: 500 },
    })
  })
})

test('parseHundredths reads es-AR numbers as integer hundredths', () => {
  expect(parseHundredths('12,5')).toBe(1250)
  expect(parseHundredths('12.5')).toBe(1250)
  expect(parseHundredths('1.500')).toBe(150000)
  expect(parseHundredths('$ 1.500,50')).toBe(150050)
  expect(parseHundredths('10 %')).toBe(1000)
  expect(parseHundredths('1,234')).toBeNull()
  expect(parseHundredths('-3')).toBeNull()
  expect(parseHundredths('')).toBeNull()
})
