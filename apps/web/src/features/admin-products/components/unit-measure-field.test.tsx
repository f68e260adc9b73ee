import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { ProductEditor } from '@/features/admin-products/components/product-editor'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { buildAdminProduct, pageOf, signInSeller } from '@/testing/seller-fixtures'
import { WAIT } from '@/testing/wait'

// Issue 27 part 2 (Res. 4/2025): the seller says what a variant's price buys, for the price per
// unit customers are shown.
const NEW_ID = '6b7c8d9e-0f1a-4b2c-9d3e-5f6a7b8c9d0f'

function fakeApi(onPost: (body: unknown) => FakeReply) {
  const adapter = createFakeAdapter(({ method, url, data }) => {
    if (method === 'GET' && url === '/admin/collections') return { status: 200, data: pageOf([]) }
    if (method === 'POST' && url === '/admin/products') return onPost(data)
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

function renderNewEditor() {
  return renderRouter(
    [
      { path: '/admin/inventory/products/new', element: <ProductEditor productId={NEW_ID} /> },
      { path: '/admin/inventory/products/:id', element: <p>Producto guardado</p> },
    ],
    { url: '/admin/inventory/products/new' },
  )
}

const posts = (adapter: ReturnType<typeof fakeApi>) =>
  adapter.calls.filter((c) => c.method === 'POST')

describe('"Unidad de medida" in the product form', () => {
  test(
    "a quantity and a unit are saved as the variant's unitMeasure",
    { timeout: 60_000 },
    async () => {
      const adapter = fakeApi(() => ({
        status: 201,
        data: buildAdminProduct({ _id: NEW_ID, title: 'Queso cremoso' }),
      }))
      signInSeller()
      const user = userEvent.setup({ delay: null })
      const { router } = renderNewEditor()

      expect(screen.getByText('Unidad de medida')).toBeInTheDocument()
      await user.type(screen.getByLabelText(/^Título/), 'Queso cremoso')
      await user.type(screen.getByLabelText(/^Precio\s*\*?$/), '2250')
      await user.type(screen.getByLabelText('Cantidad de la unidad de medida'), '500')
      await user.selectOptions(screen.getByLabelText('Unidad'), 'Gramos (g)')
      await user.click(screen.getByRole('button', { name: 'Guardar producto' }))

      await waitFor(
        () => expect(router.state.location.pathname).toBe(`/admin/inventory/products/${NEW_ID}`),
        WAIT,
      )
      const [post] = posts(adapter)
      expect((post?.data as { variants: unknown[] }).variants[0]).toMatchObject({
        price: 225000,
        unitMeasure: { unit: 'g', quantity: 500 },
      })
    },
  )

  test(
    "without a measure the variant sends none; half a measure is a Spanish error before sending, and the server's land under their field",
    { timeout: 60_000 },
    async () => {
      let reply: FakeReply = {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'Revisá los datos del producto.',
          errors: [
            {
              name: 'variants.0.unitMeasure.quantity',
              message: 'La cantidad no puede superar 100.000',
            },
          ],
        },
      }
      const adapter = fakeApi(() => reply)
      signInSeller()
      const user = userEvent.setup({ delay: null })
      renderNewEditor()

      await user.type(screen.getByLabelText(/^Título/), 'Aceite')
      await user.type(screen.getByLabelText(/^Precio\s*\*?$/), '900')
      // A quantity with no unit is caught here.
      await user.type(screen.getByLabelText('Cantidad de la unidad de medida'), '750')
      await user.click(screen.getByRole('button', { name: 'Guardar producto' }))
      expect(await screen.findByText('Elegí la unidad de medida', {}, WAIT)).toBeInTheDocument()
      expect(screen.getByLabelText('Unidad')).toHaveAttribute('aria-invalid', 'true')
      expect(posts(adapter)).toHaveLength(0)

      // Whole units only.
      await user.selectOptions(screen.getByLabelText('Unidad'), 'Unidades')
      await user.clear(screen.getByLabelText('Cantidad de la unidad de medida'))
      await user.type(screen.getByLabelText('Cantidad de la unidad de medida'), '6')
      await user.click(screen.getByRole('button', { name: 'Guardar producto' }))
      expect(
        await screen.findByText('La cantidad no puede superar 100.000', {}, WAIT),
      ).toBeInTheDocument()
      expect(screen.getByLabelText('Cantidad de la unidad de medida')).toHaveAttribute(
        'aria-invalid',
        'true',
      )
      expect((posts(adapter)[0]?.data as { variants: unknown[] }).variants[0]).toMatchObject({
        unitMeasure: { unit: 'unit', quantity: 6 },
      })

      // Emptied, the variant has no measure.
      reply = { status: 201, data: buildAdminProduct({ _id: NEW_ID, title: 'Aceite' }) }
      await user.clear(screen.getByLabelText('Cantidad de la unidad de medida'))
      await user.selectOptions(screen.getByLabelText('Unidad'), 'Sin unidad')
      await user.click(screen.getByRole('button', { name: 'Guardar producto' }))
      await waitFor(() => expect(posts(adapter)).toHaveLength(2), WAIT)
      expect((posts(adapter)[1]?.data as { variants: unknown[] }).variants[0]).toMatchObject({
        unitMeasure: null,
      })
    },
  )
})
