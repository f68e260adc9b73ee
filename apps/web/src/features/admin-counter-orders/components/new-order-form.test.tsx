import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link } from 'react-router'
import { describe, expect, test, vi } from 'vitest'

import { UNSAVED_CHANGES_MESSAGE } from '@/components/form/use-unsaved-changes'
import { NewOrderForm } from '@/features/admin-counter-orders/components/new-order-form'
import { http } from '@/lib/http/client'
import { buildAdminOrder } from '@/testing/admin-order-fixtures'
import { createFakeAdapter, type FakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { pageOf, signInSeller } from '@/testing/seller-fixtures'

const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111'
const VARIANT_ID = '22222222-2222-4222-8222-222222222222'

const customer = {
  _id: CUSTOMER_ID,
  firstName: 'Rosa',
  lastName: 'Giménez',
  phone: '+5491145678901',
  email: null,
  notes: '',
  tags: [],
  address: null,
  hasAccount: false,
  ordersCount: 0,
  totalSpent: 0,
  lastOrderAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  orderAddresses: [],
  addresses: [],
}
const variant = {
  variantId: VARIANT_ID,
  productId: '33333333-3333-4333-8333-333333333333',
  productTitle: 'Medialunas x 12',
  variantTitle: 'Manteca',
  sku: null,
  price: 600000,
  stock: 4,
  trackInventory: true,
  status: 'active',
}

function quoteFor(body: { items?: Array<{ quantity: number }> }) {
  const quantity = body.items?.[0]?.quantity ?? 0
  const subtotal = quantity * 600000
  return {
    lines: quantity
      ? [
          {
            variantId: VARIANT_ID,
            title: 'Medialunas x 12',
            variantTitle: 'Manteca',
            unitPrice: 600000,
            quantity,
            lineTotal: subtotal,
            stock: 4,
          },
        ]
      : [],
    subtotal,
    deliveryOptions: [
      { type: 'pickup', label: 'Retiro en tienda', available: true, reason: null, fee: 0 },
    ],
    paymentMethods: [{ method: 'cash', label: 'Efectivo' }],
    deliveryFee: 0,
    taxes: 0,
    total: subtotal,
  }
}

function api(onOrder: (body: unknown) => FakeReply, customersFound: unknown[] = []) {
  return createFakeAdapter(({ method, url, data }) => {
    if (method === 'GET' && url === `/admin/customers/${CUSTOMER_ID}`)
      return { status: 200, data: customer }
    if (method === 'GET' && url === '/admin/customers')
      return { status: 200, data: pageOf(customersFound) }
    if (method === 'GET' && url === '/admin/inventory')
      return { status: 200, data: pageOf([variant]) }
    if (method === 'POST' && url === '/admin/orders/quote')
      return { status: 200, data: quoteFor(data as { items?: Array<{ quantity: number }> }) }
    if (method === 'POST' && url === '/admin/orders') return onOrder(data)
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
}

/** A signed-in seller's form for the test customer, with its onCreated spy and a user. */
function openFormForCustomer() {
  signInSeller()
  const onCreated = vi.fn()
  const user = userEvent.setup({ delay: null })
  renderRouter([
    {
      path: '*',
      element: <NewOrderForm initialCustomerId={CUSTOMER_ID} onCreated={onCreated} />,
    },
  ])
  return { onCreated, user }
}

describe('Nuevo pedido', () => {
  test('sending it empty shows Spanish errors next to each part and sends no order', async () => {
    const adapter = api(() => ({ status: 500, data: {} }))
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '*', element: <NewOrderForm onCreated={vi.fn()} /> }])

    await screen.findByText('Retiro en tienda')
    await user.click(screen.getByRole('button', { name: 'Crear pedido' }))

    expect(await screen.findByText('Elegí o creá el cliente')).toBeInTheDocument()
    expect(screen.getByText('Agregá al menos un producto')).toBeInTheDocument()
    expect(screen.getByText('Elegí cómo recibe el pedido')).toBeInTheDocument()
    expect(screen.getByText('Elegí el medio de pago')).toBeInTheDocument()
    expect(adapter.calls.filter((c) => c.url === '/admin/orders')).toHaveLength(0)
  })

  test('the customer search is focused but closed on arrival: one click on “Cliente nuevo” opens the form', async () => {
    const adapter = api(() => ({ status: 500, data: {} }), [customer])
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '*', element: <NewOrderForm onCreated={vi.fn()} /> }])

    const picker = await screen.findByRole('combobox', { name: 'Buscar cliente' })
    await waitFor(() => expect(picker).toHaveFocus())
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/admin/customers')).toBe(true))
    await screen.findByText('Retiro en tienda')
    // An open list would lie over the button below it (the browser test clicks through it).
    expect(screen.queryByRole('option', { name: /Rosa Giménez/ })).not.toBeInTheDocument()

    await user.type(picker, 'ro')
    expect(await screen.findByRole('option', { name: /Rosa Giménez/ })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Cliente nuevo' }))
    expect(await screen.findByRole('form', { name: 'Cliente nuevo' })).toBeInTheDocument()
  })

  test('with the keyboard: search, Enter adds the product, the total is the server’s, the order is sent', async () => {
    const sent: unknown[] = []
    const adapter = api((body) => {
      sent.push(body)
      return { status: 201, data: buildAdminOrder({ _id: 'order-1', number: 1042 }) }
    })
    http.defaults.adapter = adapter
    const { onCreated, user } = openFormForCustomer()

    expect(await screen.findByText('Rosa Giménez')).toBeInTheDocument()
    const search = screen.getByLabelText(/^Agregar producto/, { selector: 'input' })
    await user.click(search)
    await user.type(search, 'medi')
    await screen.findByRole('option', { name: /Medialunas x 12 \(Manteca\)/ })
    await user.keyboard('{ArrowDown}{Enter}')

    const quantity = await screen.findByRole('textbox', {
      name: 'Cantidad de Medialunas x 12 (Manteca)',
    })
    expect(quantity).toHaveValue('1')
    // Focus went back to the search, ready for the next product.
    await waitFor(() => expect(search).toHaveFocus())
    // One more with the arrow key, as a seller at the counter would.
    await user.click(quantity)
    await user.keyboard('{ArrowUp}')
    expect(quantity).toHaveValue('2')
    await waitFor(() =>
      expect(screen.getByTestId('new-order-total').textContent).toMatch(/12\.000/),
    )

    await user.click(screen.getByRole('radio', { name: /Retiro en tienda/ }))
    await user.click(screen.getByRole('radio', { name: 'Efectivo' }))
    await user.click(screen.getByRole('switch', { name: /Ya está pagado/ }))
    await user.click(screen.getByRole('button', { name: 'Crear pedido' }))

    await waitFor(() => expect(onCreated).toHaveBeenCalled())
    expect(sent).toEqual([
      {
        customerId: CUSTOMER_ID,
        items: [{ variantId: VARIANT_ID, quantity: 2 }],
        deliveryType: 'pickup',
        shippingAddressId: null,
        paymentMethod: 'cash',
        paid: true,
        note: null,
      },
    ])
  })

  test('the server’s refusal lands under the line’s quantity', async () => {
    const adapter = api(() => ({
      status: 409,
      data: {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Solo quedan 1 de "Medialunas x 12".',
        errors: [{ name: 'items.0.quantity', message: 'Solo quedan 1 de "Medialunas x 12".' }],
      },
    }))
    http.defaults.adapter = adapter
    const { user } = openFormForCustomer()

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Crear pedido' }))

    const quantity = screen.getByRole('textbox', { name: /Cantidad de/ })
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText('Solo quedan 1 de "Medialunas x 12".')).toBeInTheDocument()
  })

  /** Picks the product, pickup and cash on a form opened for the customer. */
  async function fillForm(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByText('Rosa Giménez')
    const search = screen.getByLabelText(/^Agregar producto/, { selector: 'input' })
    await user.click(search)
    await user.type(search, 'medi')
    await screen.findByRole('option', { name: /Medialunas/ })
    await user.keyboard('{ArrowDown}{Enter}')
    await screen.findByRole('textbox', { name: /Cantidad de/ })
    await user.click(await screen.findByRole('radio', { name: /Retiro en tienda/ }))
    await user.click(screen.getByRole('radio', { name: 'Efectivo' }))
  }
  const orderCalls = (adapter: FakeAdapter) =>
    adapter.calls.filter((c) => c.method === 'POST' && c.url === '/admin/orders')

  test('sending again after a lost answer carries the same Idempotency-Key (one order, not two)', async () => {
    let attempts = 0
    const adapter = api(() =>
      ++attempts === 1
        ? { networkError: true }
        : { status: 201, data: buildAdminOrder({ _id: 'order-1', number: 1042 }) },
    )
    http.defaults.adapter = adapter
    const { onCreated, user } = openFormForCustomer()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Crear pedido' }))
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    expect(onCreated).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Crear pedido' }))
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1))

    const [first, second] = orderCalls(adapter)
    expect(first!.headers['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key'])
  })

  test('a key already used with other data: the server’s message, and the next send is a new order', async () => {
    const message =
      'Este pedido ya se cargó desde este formulario con otros datos. Revisá la lista de pedidos antes de cargarlo de nuevo.'
    let attempts = 0
    const adapter = api(() =>
      ++attempts === 1
        ? {
            status: 422,
            data: {
              statusCode: 422,
              code: 'IDEMPOTENCY_KEY_REUSED',
              message,
              errors: [{ name: 'Idempotency-Key', message: 'Ya se usó' }],
            },
          }
        : { status: 201, data: buildAdminOrder({ _id: 'order-2', number: 1043 }) },
    )
    http.defaults.adapter = adapter
    const { onCreated, user } = openFormForCustomer()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Crear pedido' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Crear pedido' }))
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1))
    const [first, second] = orderCalls(adapter)
    expect(second!.headers['idempotency-key']).toBeTruthy()
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key'])
  })

  test('leaving with a draft that has content asks first; an untouched one leaves at once', async () => {
    http.defaults.adapter = api(() => ({ status: 500, data: {} }))
    signInSeller()
    const user = userEvent.setup({ delay: null })
    const page = (
      <>
        <NewOrderForm initialCustomerId={CUSTOMER_ID} onCreated={vi.fn()} />
        <Link to="/orders">Pedidos</Link>
      </>
    )
    const { router } = renderRouter(
      [
        { path: '/new', element: page },
        { path: '/orders', element: <p>Lista de pedidos</p> },
      ],
      { url: '/new' },
    )

    // Opened for a customer, nothing written yet: nothing to lose.
    await screen.findByText('Rosa Giménez')
    await user.click(screen.getByRole('link', { name: 'Pedidos' }))
    expect(await screen.findByText('Lista de pedidos')).toBeInTheDocument()

    await router.navigate('/new')
    await fillForm(user)
    await user.click(screen.getByRole('link', { name: 'Pedidos' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(UNSAVED_CHANGES_MESSAGE)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/new')
    expect(screen.getByRole('textbox', { name: /Cantidad de/ })).toHaveValue('1')
  })

  test('once the order is made, the page may open it without asking', async () => {
    http.defaults.adapter = api(() => ({
      status: 201,
      data: buildAdminOrder({ _id: 'order-1', number: 1042 }),
    }))
    signInSeller()
    const user = userEvent.setup({ delay: null })
    const { router } = renderRouter(
      [
        {
          path: '/new',
          element: (
            <NewOrderForm
              initialCustomerId={CUSTOMER_ID}
              onCreated={() => void router.navigate('/orders/order-1')}
            />
          ),
        },
        { path: '/orders/order-1', element: <p>Pedido #1042</p> },
      ],
      { url: '/new' },
    )
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Crear pedido' }))
    expect(await screen.findByText('Pedido #1042')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
