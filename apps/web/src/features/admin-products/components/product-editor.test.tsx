import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { SAVE_BAR_LABELS } from '@/components/form/save-bar'
import { UNSAVED_CHANGES_MESSAGE } from '@/components/form/use-unsaved-changes'
import { MEDIA_INPUT_LABEL } from '@/features/admin-products/components/media-manager'
import { ProductEditor } from '@/features/admin-products/components/product-editor'
import {
  optionNameLabel,
  optionValuesLabel,
} from '@/features/admin-products/components/options-editor'
import { variantFieldLabel } from '@/features/admin-products/components/variants-editor'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { buildAdminProduct, pageOf, signInSeller } from '@/testing/seller-fixtures'

const NEW_ID = '6b7c8d9e-0f1a-4b2c-9d3e-5f6a7b8c9d0e'

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
      { path: '/admin/inventory/products', element: <p>Lista de productos</p> },
    ],
    { url: '/admin/inventory/products/new' },
  )
}

async function addOption(
  user: ReturnType<typeof userEvent.setup>,
  index: number,
  name: string,
  values: string[],
) {
  await user.click(screen.getByRole('button', { name: 'Agregar opción' }))
  await user.type(screen.getByLabelText(optionNameLabel(index)), name)
  const valuesInput = screen.getByLabelText(optionValuesLabel(index), { selector: 'input' })
  for (const value of values) await user.type(valuesInput, `${value}{Enter}`)
}

describe('product editor', () => {
  test(
    'options build one variant per combination and prices typed in pesos are saved in centavos',
    { timeout: 120_000 },
    async () => {
      let posted: Record<string, unknown> | undefined
      const adapter = fakeApi((body) => {
        posted = body as Record<string, unknown>
        return { status: 201, data: buildAdminProduct({ _id: NEW_ID, title: 'Remera lisa' }) }
      })
      signInSeller()
      const user = userEvent.setup({ delay: null })
      const { router } = renderNewEditor()

      await user.type(screen.getByLabelText(/^Título/), 'Remera lisa')
      expect(screen.getByLabelText(/^Identificador/)).toHaveValue('remera-lisa')

      await addOption(user, 0, 'Talle', ['S', 'M'])
      await addOption(user, 1, 'Color', ['Rojo'])

      const grid = screen.getByRole('region', { name: 'Variantes del producto' })
      const rows = within(grid).getAllByRole('row').slice(1)
      expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
        'S / Rojo',
        'M / Rojo',
      ])

      await user.type(screen.getByLabelText(variantFieldLabel('price', 'S / Rojo')), '1.500,50')
      await user.type(screen.getByLabelText(variantFieldLabel('price', 'M / Rojo')), '2000')
      await user.clear(screen.getByLabelText(variantFieldLabel('stock', 'M / Rojo')))
      await user.type(screen.getByLabelText(variantFieldLabel('stock', 'M / Rojo')), '7')
      await user.click(screen.getByRole('button', { name: 'Guardar producto' }))

      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/admin/inventory/products/${NEW_ID}`),
      )
      expect(adapter.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
      expect(posted).toMatchObject({
        _id: NEW_ID,
        title: 'Remera lisa',
        handle: 'remera-lisa',
        status: 'draft',
        options: ['Talle', 'Color'],
        variants: [
          { title: 'S / Rojo', options: { Talle: 'S', Color: 'Rojo' }, price: 150050, stock: 0 },
          { title: 'M / Rojo', options: { Talle: 'M', Color: 'Rojo' }, price: 200000, stock: 7 },
        ],
      })
    },
  )

  test(
    'photos picked on the new-product page are uploaded under its id right after the first save (issue 30)',
    { timeout: 120_000 },
    async () => {
      const order: string[] = []
      const adapter = createFakeAdapter(({ method, url }) => {
        if (method === 'GET' && url === '/admin/collections')
          return { status: 200, data: pageOf([]) }
        if (method === 'POST' && url === '/admin/products') {
          order.push('create')
          return { status: 201, data: buildAdminProduct({ _id: NEW_ID, title: 'Remera lisa' }) }
        }
        if (method === 'POST' && url === `/admin/products/${NEW_ID}/media`) {
          order.push('media')
          return { status: 200, data: buildAdminProduct({ _id: NEW_ID, title: 'Remera lisa' }) }
        }
        return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
      })
      http.defaults.adapter = adapter
      signInSeller()
      const user = userEvent.setup({ delay: null })
      const { router } = renderNewEditor()

      const picker = screen.getByLabelText(MEDIA_INPUT_LABEL)
      expect(picker).toBeEnabled()
      const photo = new File(['png'], 'frente.png', { type: 'image/png' })
      const back = new File(['png'], 'espalda.png', { type: 'image/png' })
      await user.upload(picker, [photo, back])
      expect(await screen.findByText(/2 imágenes elegidas/)).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Quitar la imagen 2' }))
      expect(await screen.findByText(/1 imagen elegida/)).toBeInTheDocument()
      // Nothing goes up before the product exists.
      expect(adapter.calls.some((c) => c.url.endsWith('/media'))).toBe(false)

      await user.type(screen.getByLabelText(/^Título/), 'Remera lisa')
      await user.type(screen.getByLabelText(/^Precio\s*\*?$/), '1000')
      await user.click(screen.getByRole('button', { name: 'Guardar producto' }))

      await waitFor(
        () => expect(router.state.location.pathname).toBe(`/admin/inventory/products/${NEW_ID}`),
        { timeout: 20_000 },
      )
      expect(order).toEqual(['create', 'media'])
      const upload = adapter.calls.find((c) => c.url === `/admin/products/${NEW_ID}/media`)
      const sent = (upload?.data as FormData).getAll('files') as File[]
      expect(sent.map((f) => f.name)).toEqual(['frente.png'])
    },
  )

  test(
    'photos picked before the first save are unsaved changes: leaving asks, closing the tab asks, "Descartar" drops them (issue 30)',
    { timeout: 120_000 },
    async () => {
      fakeApi(() => ({ status: 500 }))
      signInSeller()
      const user = userEvent.setup({ delay: null })
      const { router } = renderNewEditor()
      const bar = () => screen.getByRole('button', { name: SAVE_BAR_LABELS.discard })

      await user.upload(
        screen.getByLabelText(MEDIA_INPUT_LABEL),
        new File(['png'], 'frente.png', { type: 'image/png' }),
      )
      expect(await screen.findByText(/1 imagen elegida/)).toBeInTheDocument()
      expect(screen.getByText(SAVE_BAR_LABELS.dirty)).toBeInTheDocument()

      // Leaving asks; "Descartar" in the question keeps the page and the photo.
      act(() => void router.navigate('/admin/inventory/products'))
      const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 })
      expect(within(dialog).getByText(UNSAVED_CHANGES_MESSAGE)).toBeInTheDocument()
      await user.click(within(dialog).getByRole('button', { name: 'Descartar' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
        timeout: 20_000,
      })
      expect(router.state.location.pathname).toBe('/admin/inventory/products/new')
      expect(screen.getByText(/1 imagen elegida/)).toBeInTheDocument()

      // Closing the tab asks the browser.
      const unload = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(unload)
      expect(unload.defaultPrevented).toBe(true)

      // The save bar's "Descartar" drops the picked photos: nothing left to lose, leaving is free.
      await user.click(bar())
      await waitFor(() => expect(screen.queryByText(/imagen elegida/)).not.toBeInTheDocument(), {
        timeout: 20_000,
      })
      act(() => void router.navigate('/admin/inventory/products'))
      expect(await screen.findByText('Lista de productos', {}, { timeout: 20_000 })).toBeVisible()
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    },
  )

  test('a missing price is caught before sending, and server field errors land under their fields', async () => {
    const adapter = fakeApi(() => ({
      status: 400,
      data: {
        statusCode: 400,
        code: 'INVALID',
        message: 'Revisá los datos del producto.',
        errors: [{ name: 'variants.0.sku', message: 'Ese SKU ya existe en tu tienda' }],
      },
    }))
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderNewEditor()

    await user.type(screen.getByLabelText(/^Título/), 'Yerba')
    await user.click(screen.getByRole('button', { name: 'Guardar producto' }))
    expect(await screen.findByText('Ingresá el precio')).toBeInTheDocument()
    expect(adapter.calls.some((c) => c.method === 'POST')).toBe(false)

    await user.type(screen.getByLabelText(/^Precio\s*\*?$/), '3500')
    await user.type(screen.getByLabelText(/^Código \(SKU\)/), 'YER-1')
    await user.click(screen.getByRole('button', { name: 'Guardar producto' }))

    expect(await screen.findByText('Ese SKU ya existe en tu tienda')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Código \(SKU\)/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Revisá los datos del producto.')).toBeInTheDocument()
    const body = adapter.calls.find((c) => c.method === 'POST')?.data as {
      variants: Array<{ price: number }>
    }
    expect(body.variants[0]?.price).toBe(350000)
  })
})
