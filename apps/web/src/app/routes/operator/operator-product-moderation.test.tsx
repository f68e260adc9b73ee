import type { OperatorStore, OperatorStoreProduct } from '@barrio/contracts/operator'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { OperatorStoresPage } from '@/app/routes/operator/stores'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { setScreenWidth } from '@/testing/media'
import { pageOf } from '@/testing/seller-fixtures'
import { renderWithProviders } from '@/testing/render'

// Issue 24: the operator hides and shows a store's products from /operator/stores ("Ver productos").

const STORE: OperatorStore = {
  _id: 'st_1',
  name: 'Almacén Don Pepe',
  handle: 'almacen-don-pepe',
  category: 'almacen',
  city: 'La Plata',
  provinceCode: 'B',
  owner: { _id: 'u_1', email: 'pepe@example.com' },
  status: 'active',
  suspension: null,
  ordersCount: 3,
  salesCents: 150_000,
  createdAt: '2026-10-01T12:00:00.000Z',
}

const YERBA: OperatorStoreProduct = {
  _id: 'p_1',
  title: 'Yerba Suave 1 kg',
  handle: 'yerba-suave',
  status: 'active',
  priceCents: 350_000,
  hidden: null,
}
const PASTILLAS: OperatorStoreProduct = {
  _id: 'p_2',
  title: 'Pastillas para adelgazar',
  handle: 'pastillas',
  status: 'active',
  priceCents: 990_000,
  hidden: { reason: 'Medicamento sin receta', since: '2026-11-20T13:30:00.000Z' },
}

function serve({ hide, products }: { hide?: FakeReply; products?: FakeReply } = {}) {
  const adapter = createFakeAdapter(({ method, url, config }): FakeReply => {
    if (method === 'GET' && url === '/operator/stores')
      return { status: 200, data: pageOf([STORE], { limit: 25 }) }
    if (method === 'GET' && url === `/operator/stores/${STORE._id}/products`) {
      if (products) return products
      const { q } = (config.params ?? {}) as { q?: string }
      let docs = [PASTILLAS, YERBA]
      if (q) docs = docs.filter((p) => p.title.toLowerCase().includes(q.toLowerCase()))
      return { status: 200, data: pageOf(docs, { limit: 10 }) }
    }
    if (method === 'POST' && url === `/operator/products/${YERBA._id}/hide`)
      return (
        hide ?? {
          status: 200,
          data: {
            _id: YERBA._id,
            title: YERBA.title,
            storeId: STORE._id,
            hidden: { reason: 'x', since: STORE.createdAt },
          },
        }
      )
    if (method === 'POST' && url === `/operator/products/${PASTILLAS._id}/unhide`)
      return {
        status: 200,
        data: { _id: PASTILLAS._id, title: PASTILLAS.title, storeId: STORE._id, hidden: null },
      }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}
const productCalls = (adapter: ReturnType<typeof serve>) =>
  adapter.calls.filter((call) => call.url === `/operator/stores/${STORE._id}/products`)

async function openDrawer() {
  const user = userEvent.setup()
  setUser(buildUser({ userType: 'operator', secondFactor: 'done' }))
  renderWithProviders(<OperatorStoresPage />, { url: '/operator/stores' })
  await user.click(await screen.findByRole('button', { name: 'Acciones de Almacén Don Pepe' }))
  await user.click(await screen.findByRole('menuitem', { name: 'Ver productos' }))
  const drawer = await screen.findByRole('dialog', { name: 'Productos de Almacén Don Pepe' })
  return { user, drawer }
}

describe("moderating a store's products", () => {
  test('"Ver productos" lists them with status, price and the reason a hidden one is hidden', async () => {
    const adapter = serve()
    const { drawer } = await openDrawer()
    const yerba = await within(drawer).findByRole('listitem', { name: 'Yerba Suave 1 kg' })
    expect(within(yerba).getByText('Activo')).toBeInTheDocument()
    expect(within(yerba).getByText('$ 3.500')).toBeInTheDocument()
    expect(within(yerba).getByRole('button', { name: 'Ocultar Yerba Suave 1 kg' })).toBeVisible()
    const pastillas = within(drawer).getByRole('listitem', { name: 'Pastillas para adelgazar' })
    expect(within(pastillas).getByText('Oculto por Barrio')).toBeInTheDocument()
    expect(
      within(pastillas).getByText('Desde el 20/11/2026: Medicamento sin receta'),
    ).toBeInTheDocument()
    expect(
      within(pastillas).getByRole('button', { name: 'Mostrar Pastillas para adelgazar' }),
    ).toBeVisible()
    expect(productCalls(adapter)[0]?.params).toEqual({ page: 1, limit: 10 })
  })

  test('searching asks the API; nothing found says so', async () => {
    const adapter = serve()
    const { user, drawer } = await openDrawer()
    await within(drawer).findByRole('listitem', { name: 'Yerba Suave 1 kg' })
    await user.type(within(drawer).getByRole('searchbox', { name: 'Buscar productos' }), 'fideos')
    await waitFor(() =>
      expect(productCalls(adapter).at(-1)?.params).toEqual({ q: 'fideos', page: 1, limit: 10 }),
    )
    expect(
      await within(drawer).findByText('Ningún producto coincide con la búsqueda.'),
    ).toBeInTheDocument()
  })

  test('"Ocultar" asks the reason (Spanish field error) and sends it; the list is asked again', async () => {
    const adapter = serve()
    const { user, drawer } = await openDrawer()
    await user.click(
      await within(drawer).findByRole('button', { name: 'Ocultar Yerba Suave 1 kg' }),
    )
    const reason = within(drawer).getByRole('textbox', { name: /Motivo/ })
    await user.type(reason, 'no')
    await user.click(within(drawer).getByRole('button', { name: 'Ocultar' }))
    expect(
      await within(drawer).findByText('El motivo tiene que tener al menos 3 caracteres'),
    ).toBeInTheDocument()
    expect(adapter.calls.filter((call) => call.url.endsWith('/hide'))).toHaveLength(0)

    await user.clear(reason)
    await user.type(reason, 'Foto de otra marca')
    await user.click(within(drawer).getByRole('button', { name: 'Ocultar' }))
    expect(await screen.findByText('Ocultaste Yerba Suave 1 kg.')).toBeInTheDocument()
    const sent = adapter.calls.filter((call) => call.url.endsWith('/hide'))
    expect(sent.map((call) => call.data)).toEqual([{ reason: 'Foto de otra marca' }])
    await waitFor(() => expect(productCalls(adapter).length).toBeGreaterThan(1))
  })

  test('a refused hide reads the server field error under the reason', async () => {
    serve({
      hide: {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'El motivo puede tener hasta 500 caracteres',
          errors: [{ name: 'reason', message: 'El motivo puede tener hasta 500 caracteres' }],
        },
      },
    })
    const { user, drawer } = await openDrawer()
    await user.click(
      await within(drawer).findByRole('button', { name: 'Ocultar Yerba Suave 1 kg' }),
    )
    const reason = within(drawer).getByRole('textbox', { name: /Motivo/ })
    await user.type(reason, 'Un motivo')
    await user.click(within(drawer).getByRole('button', { name: 'Ocultar' }))
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'))
  })

  test('"Mostrar" asks to confirm, then shows the product again', async () => {
    const adapter = serve()
    const { user, drawer } = await openDrawer()
    await user.click(
      await within(drawer).findByRole('button', { name: 'Mostrar Pastillas para adelgazar' }),
    )
    expect(await screen.findByText('¿Mostrar Pastillas para adelgazar?')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText('Pastillas para adelgazar se ve de nuevo.')).toBeInTheDocument()
    expect(adapter.calls.filter((call) => call.url.endsWith('/unhide'))).toHaveLength(1)
  })

  test('a failed load offers to retry; on a 360 px phone the drawer fills the screen', async () => {
    setScreenWidth(360)
    serve({
      products: {
        status: 500,
        data: { statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Falló.' },
      },
    })
    const { drawer } = await openDrawer()
    expect(await within(drawer).findByText('No pudimos cargar los productos')).toBeInTheDocument()
    expect(within(drawer).getByRole('button', { name: 'Reintentar' })).toBeVisible()
  })
})
