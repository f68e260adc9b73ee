import type { CheckoutSummary } from '@barrio/contracts/checkout'
import type { Order } from '@barrio/contracts/orders'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useParams } from 'react-router'
import { describe, expect, test, vi } from 'vitest'

import { useCheckout } from '@/api/customer/checkout/get-checkout'
import { CheckoutForm } from '@/features/checkout/components/checkout-form'
import { CheckoutReview } from '@/features/checkout/components/checkout-review'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { setNativePushHooks } from '@/lib/native/push-hooks'
import { redirectTo } from '@/lib/redirect'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import {
  buildOrder,
  buildSummary,
  CHECKOUT_ID,
  ORDER_ID,
  plain,
  renderOrdering,
} from '@/testing/ordering-fixtures'

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }))

function FormRoute() {
  const { checkoutId = '' } = useParams()
  const query = useCheckout(checkoutId, 'init')
  return query.data ? <CheckoutForm checkoutId={checkoutId} summary={query.data} /> : null
}

function ReviewRoute({ onConfirmed }: { onConfirmed?: (order: Order) => void }) {
  const { checkoutId = '' } = useParams()
  const query = useCheckout(checkoutId, 'review')
  return query.data ? (
    <CheckoutReview checkoutId={checkoutId} summary={query.data} onConfirmed={onConfirmed} />
  ) : null
}

function renderCheckout(
  url: string,
  answer: (request: Parameters<typeof createFakeAdapter>[0] extends (r: infer R) => unknown
    ? R
    : never) => FakeReply,
  onConfirmed?: (order: Order) => void,
) {
  setUser(buildUser())
  const adapter = createFakeAdapter(answer)
  http.defaults.adapter = adapter
  const user = userEvent.setup({ delay: null })
  const result = renderOrdering(
    [
      { path: '/checkout/:checkoutId', element: <FormRoute /> },
      { path: '/checkout/:checkoutId/review', element: <ReviewRoute onConfirmed={onConfirmed} /> },
      { path: '/orders/:orderId', element: <h1>Página del pedido</h1> },
    ],
    { url },
  )
  return { ...result, adapter, user }
}

const summaryReply = (summary: CheckoutSummary): FakeReply => ({ status: 200, data: summary })
const notFound: FakeReply = {
  status: 404,
  data: { statusCode: 404, code: 'NOT_FOUND', message: 'No encontrado' },
}

describe('checkout steps', () => {
  test('a reload resumes at the step the customer was on, in this tab', async () => {
    const answer = ({ url }: { url: string }) =>
      url.endsWith('/init') ? summaryReply(buildSummary()) : notFound
    const first = renderCheckout(`/checkout/${CHECKOUT_ID}`, answer)
    await screen.findByRole('textbox', { name: /Correo electrónico/ })
    await first.user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Entrega' })).toBeInTheDocument()
    first.unmount()

    renderCheckout(`/checkout/${CHECKOUT_ID}`, answer)
    expect(await screen.findByRole('heading', { level: 2, name: 'Entrega' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /Correo electrónico/ })).not.toBeInTheDocument()
  })

  test('contact, delivery and payment, then POST review and on to the review step', async () => {
    const { user, adapter, router } = renderCheckout(
      `/checkout/${CHECKOUT_ID}`,
      ({ method, url }) => {
        if (url.endsWith('/init')) return summaryReply(buildSummary())
        if (method === 'POST' && url.endsWith('/review')) {
          return {
            status: 200,
            data: {
              checkoutId: CHECKOUT_ID,
              step: 'review',
              checkoutUrl: null,
              cartId: 'c',
              shippingAddressId: null,
            },
          }
        }
        return notFound
      },
    )

    // 1. Contact details, prefilled from the profile, checked in Spanish.
    const email = await screen.findByRole('textbox', { name: /Correo electrónico/ })
    expect(screen.getByRole('textbox', { name: /Nombre/ })).toHaveValue('Lucía')
    await user.clear(email)
    await user.type(email, 'lucia@')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(await screen.findByText('Ingresá un correo válido')).toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'lucia@example.com')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))

    // 2. Delivery: radio cards named by their label; one is not available, with the reason.
    expect(await screen.findByRole('heading', { level: 2, name: 'Entrega' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Retiro en tienda' })).toBeEnabled()
    expect(screen.getByRole('radio', { name: 'Envío a domicilio' })).toBeDisabled()
    expect(
      screen.getByText('No disponible: El comercio no envía a tu provincia'),
    ).toBeInTheDocument()
    expect(screen.getByText('Gratis')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(await screen.findByText('Elegí cómo recibir tu pedido.')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Entrega a domicilio' }))
    expect(screen.getByRole('radio', { name: 'Entrega a domicilio' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))

    // 3. Payment: a bank transfer shows where to pay.
    expect(await screen.findByRole('heading', { level: 2, name: 'Pago' })).toBeInTheDocument()
    const transfer = screen.getByRole('radio', { name: 'Transferencia bancaria' })
    expect(within(transfer).getByText('0140999801200012345678')).toBeInTheDocument()
    expect(within(transfer).getByText('tostadero.soho')).toBeInTheDocument()
    await user.click(transfer)
    await user.type(screen.getByRole('textbox', { name: /Nota para el comercio/ }), 'Timbre 2B')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/checkout/${CHECKOUT_ID}/review`),
    )
    const post = adapter.calls.find((c) => c.method === 'POST')
    expect(post).toMatchObject({
      url: `/checkout/${CHECKOUT_ID}/review`,
      data: {
        contact: {
          firstName: 'Lucía',
          lastName: 'Pérez',
          phone: '+5491123456789',
          email: 'lucia@example.com',
        },
        deliveryType: 'delivery',
        paymentMethod: 'bank_transfer',
        note: 'Timbre 2B',
      },
    })
  })

  test('a shop closed now: the customer schedules a pickup slot, chosen by day, and it is sent with the review (issue 26)', async () => {
    const baDay = (offset: number) =>
      new Date(Date.now() - 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10)
    const [today, tomorrow] = [baDay(0), baDay(1)]
    const nine = new Date(`${tomorrow}T09:00:00-03:00`).toISOString()
    const nineThirty = new Date(`${tomorrow}T09:30:00-03:00`).toISOString()
    const ten = new Date(`${tomorrow}T10:00:00-03:00`).toISOString()
    const closedPickupOnly = buildSummary({
      deliveryOptions: buildSummary().deliveryOptions.map((o) =>
        o.type === 'pickup'
          ? { ...o, asap: false, canSchedule: true }
          : { ...o, available: false, reason: 'No disponible aquí' },
      ),
    })
    const slotQueries: unknown[] = []
    const { user, adapter, router } = renderCheckout(
      `/checkout/${CHECKOUT_ID}`,
      ({ method, url, config }) => {
        if (url.endsWith('/init')) return summaryReply(closedPickupOnly)
        if (url.endsWith('/slots')) {
          slotQueries.push(config.params)
          const date = (config.params as { date: string }).date
          return {
            status: 200,
            data: {
              days: [today, tomorrow],
              docs:
                date === tomorrow
                  ? [
                      { start: nine, end: nineThirty, remaining: 4 },
                      { start: nineThirty, end: ten, remaining: 1 },
                    ]
                  : [],
            },
          }
        }
        if (method === 'POST' && url.endsWith('/review'))
          return {
            status: 200,
            data: {
              checkoutId: CHECKOUT_ID,
              step: 'review',
              checkoutUrl: null,
              cartId: 'c',
              shippingAddressId: null,
            },
          }
        return notFound
      },
    )
    await screen.findByRole('textbox', { name: /Correo electrónico/ })
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Entrega' })).toBeInTheDocument()

    // Closed now: only "Programar", already chosen; today has no slot left.
    expect(screen.getByRole('radio', { name: /Lo antes posible/ })).toBeDisabled()
    expect(screen.getByRole('radio', { name: /Programar/ })).toBeChecked()
    expect(await screen.findByText('El comercio está cerrado ahora')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(await screen.findByText('Elegí una franja horaria.')).toBeInTheDocument()

    // Tomorrow, from the keyboard-friendly selects: the last places say how many are left.
    await user.click(screen.getByRole('combobox', { name: /^Día/ }))
    await user.click(await screen.findByRole('option', { name: 'Mañana', hidden: true }))
    await user.click(await screen.findByRole('combobox', { name: /^Franja horaria/ }))
    expect(await screen.findByRole('option', { name: '9:30–10:00 (quedan 1)', hidden: true }))
    await user.click(await screen.findByRole('option', { name: '9:00–9:30', hidden: true }))
    expect(slotQueries).toContainEqual({ date: tomorrow, deliveryType: 'pickup' })
    await user.click(screen.getByRole('button', { name: 'Continuar' }))

    expect(await screen.findByRole('heading', { level: 2, name: 'Pago' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /Efectivo/ }))
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/checkout/${CHECKOUT_ID}/review`),
    )
    expect(adapter.calls.find((c) => c.method === 'POST')?.data).toMatchObject({
      deliveryType: 'pickup',
      scheduledSlotStart: nine,
    })
  })

  test("the server's field error on the delivery type takes the customer back to that step", async () => {
    const { user } = renderCheckout(`/checkout/${CHECKOUT_ID}`, ({ method, url }) => {
      if (url.endsWith('/init')) {
        return summaryReply(buildSummary({ deliveryType: 'delivery', paymentMethod: 'cash' }))
      }
      if (method === 'POST') {
        return {
          status: 400,
          data: {
            statusCode: 400,
            code: 'INVALID',
            message: 'Tu dirección está fuera del radio de entrega.',
            errors: [
              { name: 'deliveryType', message: 'Tu dirección está fuera del radio de entrega.' },
            ],
          },
        }
      }
      return notFound
    })
    await user.click(await screen.findByRole('button', { name: 'Continuar' }))
    await user.click(await screen.findByRole('button', { name: 'Continuar' }))
    // The saved choices are preselected.
    expect(await screen.findByRole('radio', { name: 'Efectivo' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Entrega' })).toBeInTheDocument()
    expect(screen.getByText('Tu dirección está fuera del radio de entrega.')).toBeInTheDocument()
  })

  test("the server's error on a contact field takes the customer back to it, under the field", async () => {
    const { user } = renderCheckout(`/checkout/${CHECKOUT_ID}`, ({ method, url }) => {
      if (url.endsWith('/init')) {
        return summaryReply(buildSummary({ deliveryType: 'delivery', paymentMethod: 'cash' }))
      }
      if (method === 'POST') {
        return {
          status: 422,
          data: {
            statusCode: 422,
            code: 'UNPROCESSABLE_ENTITY',
            message: 'Hay datos para corregir.',
            errors: [{ name: 'contact.email', message: 'Ese correo no recibe mensajes' }],
          },
        }
      }
      return notFound
    })
    // Enter in a field moves on, as the button does.
    await user.type(await screen.findByRole('textbox', { name: /Correo electrónico/ }), '{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Continuar' }))
    expect(await screen.findByRole('radio', { name: 'Efectivo' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Datos de contacto' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toHaveAccessibleDescription(
      'Ese correo no recibe mensajes',
    )
  })
})

describe('checkout review', () => {
  test('blockers are shown and "Confirmar pedido" stays disabled', async () => {
    const { adapter } = renderCheckout(`/checkout/${CHECKOUT_ID}/review`, ({ url }) =>
      url.endsWith('/review')
        ? summaryReply(
            buildSummary({
              step: 'review',
              deliveryType: 'pickup',
              paymentMethod: 'cash',
              canConfirm: false,
              blockers: ['El comercio está cerrado en este momento: probá más tarde.'],
            }),
          )
        : notFound,
    )
    expect(
      await screen.findByText('El comercio está cerrado en este momento: probá más tarde.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirmar pedido' })).toBeDisabled()
    expect(adapter.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  test('a closed store taking orders for later says so and still lets the customer confirm', async () => {
    renderCheckout(`/checkout/${CHECKOUT_ID}/review`, ({ url }) =>
      url.endsWith('/review')
        ? summaryReply(
            buildSummary({
              step: 'review',
              deliveryType: 'pickup',
              paymentMethod: 'cash',
              canConfirm: true,
              notices: [
                'El comercio está cerrado: recibe tu pedido ahora y lo prepara cuando abra.',
              ],
            }),
          )
        : notFound,
    )
    expect(
      await screen.findByText(
        'El comercio está cerrado: recibe tu pedido ahora y lo prepara cuando abra.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirmar pedido' })).toBeEnabled()
  })

  test('the totals show every line; confirming with a checkoutUrl goes there, once', async () => {
    const onConfirmed = vi.fn()
    const mp = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=abc'
    const { user, adapter } = renderCheckout(
      `/checkout/${CHECKOUT_ID}/review`,
      ({ method }) => {
        if (method === 'GET') {
          return summaryReply(
            buildSummary({
              step: 'review',
              deliveryType: 'delivery',
              paymentMethod: 'cash',
              deliveryFee: 150000,
              taxes: 147000,
              taxLines: [{ name: 'IVA', rate: 21, amount: 147000, included: false }],
              total: 997000,
              canConfirm: true,
            }),
          )
        }
        return { status: 200, data: { order: buildOrder(), checkoutUrl: mp } }
      },
      onConfirmed,
    )
    const confirm = await screen.findByRole('button', { name: 'Confirmar pedido' })
    expect(plain(screen.getByTestId('checkout-subtotal').textContent)).toBe('$ 7.000')
    expect(plain(screen.getByTestId('checkout-delivery-fee').textContent)).toBe('$ 1.500')
    expect(screen.getByText('IVA 21 %')).toBeInTheDocument()
    expect(plain(screen.getByTestId('checkout-total').textContent)).toBe('$ 9.970')

    await user.dblClick(confirm)
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(mp))
    expect(adapter.calls.filter((c) => c.url.endsWith('/confirm'))).toHaveLength(1)
    expect(onConfirmed).toHaveBeenCalledTimes(1)
  })

  test('confirming without a checkoutUrl opens the order with a success toast', async () => {
    // In the native app this is the moment to ask for notifications (the hooks stand in for it).
    const askPermission = vi.fn(async () => {})
    setNativePushHooks({ askPermission, unregister: async () => {} })
    try {
      const { user, router } = renderCheckout(`/checkout/${CHECKOUT_ID}/review`, ({ method }) =>
        method === 'GET'
          ? summaryReply(buildSummary({ step: 'review', canConfirm: true }))
          : { status: 200, data: { order: buildOrder(), checkoutUrl: null } },
      )
      expect(askPermission).not.toHaveBeenCalled()
      await user.click(await screen.findByRole('button', { name: 'Confirmar pedido' }))
      await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`))
      expect(getToasts('bottom').map((t) => t.message)).toContain(
        '¡Listo! Recibimos tu pedido #1001.',
      )
      expect(askPermission).toHaveBeenCalledWith('first-order')
    } finally {
      setNativePushHooks(null)
    }
  })

  test('a 409 on confirm shows the server message', async () => {
    const { user } = renderCheckout(`/checkout/${CHECKOUT_ID}/review`, ({ method }) =>
      method === 'GET'
        ? summaryReply(buildSummary({ step: 'review', canConfirm: true }))
        : {
            status: 409,
            data: {
              statusCode: 409,
              code: 'CONFLICT',
              message: 'Se agotó "Café de Colombia 250 g".',
            },
          },
    )
    await user.click(await screen.findByRole('button', { name: 'Confirmar pedido' }))
    expect(await screen.findByText('Se agotó "Café de Colombia 250 g".')).toBeInTheDocument()
  })

  test('el total cambió: a 409 with a new summary shows it, and confirming again after the fresh review places the order', async () => {
    const reviewed = buildSummary({ step: 'review', canConfirm: true })
    const changed = buildSummary({
      step: 'review',
      canConfirm: true,
      items: [{ ...reviewed.items[0]!, unitPrice: 900000, lineTotal: 1800000 }],
      subtotal: 1800000,
      total: 1800000,
    })
    let confirms = 0
    let reviewsAfterConflict = 0
    const { user, adapter, router } = renderCheckout(
      `/checkout/${CHECKOUT_ID}/review`,
      ({ method, url }) => {
        if (method === 'GET' && url.endsWith('/review')) {
          if (confirms === 0) return summaryReply(reviewed)
          reviewsAfterConflict += 1
          return summaryReply(changed)
        }
        if (method === 'POST' && url.endsWith('/confirm')) {
          confirms += 1
          if (confirms === 1)
            return {
              status: 409,
              data: {
                statusCode: 409,
                code: 'CONFLICT',
                message:
                  'Cambió el precio de Café de Colombia 250 g (Molido): antes $ 3.500, ahora $ 9.000. Revisá el total y confirmá de nuevo.',
                errors: [],
                summary: changed,
              },
            }
          return { status: 200, data: { order: buildOrder(), checkoutUrl: null } }
        }
        return notFound
      },
    )
    await user.click(await screen.findByRole('button', { name: 'Confirmar pedido' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('El total cambió')).toBeInTheDocument()
    expect(
      within(alert).getByText(/Cambió el precio de Café de Colombia 250 g \(Molido\)/),
    ).toBeInTheDocument()
    expect(plain(screen.getByTestId('checkout-new-total').textContent)).toBe(
      'Nuevo total: $ 18.000',
    )
    expect(plain(screen.getByTestId('checkout-total').textContent)).toBe('$ 18.000')
    // Nothing was ordered: the customer stays on the review to confirm the new total.
    expect(router.state.location.pathname).toBe(`/checkout/${CHECKOUT_ID}/review`)
    await waitFor(() => expect(reviewsAfterConflict).toBeGreaterThan(0))

    await user.click(screen.getByRole('button', { name: 'Confirmar pedido' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`))
    expect(adapter.calls.filter((c) => c.url.endsWith('/confirm'))).toHaveLength(2)
  })

  test('"Editar" reopens the checkout (PUT review) and goes back to the steps', async () => {
    const { user, adapter, router } = renderCheckout(
      `/checkout/${CHECKOUT_ID}/review`,
      ({ method }) => {
        if (method === 'PUT') {
          return {
            status: 200,
            data: {
              checkoutId: CHECKOUT_ID,
              step: 'contact_information',
              checkoutUrl: null,
              cartId: 'c',
              shippingAddressId: null,
            },
          }
        }
        return summaryReply(buildSummary({ step: 'review' }))
      },
    )
    await user.click(await screen.findByRole('button', { name: 'Editar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/checkout/${CHECKOUT_ID}`))
    expect(adapter.calls.find((c) => c.method === 'PUT')?.url).toBe(
      `/checkout/${CHECKOUT_ID}/review`,
    )
  })
})
