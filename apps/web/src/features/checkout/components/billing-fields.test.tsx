import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useParams } from 'react-router'
import { describe, expect, test } from 'vitest'

import { useCheckout } from '@/api/customer/checkout/get-checkout'
import { CheckoutForm } from '@/features/checkout/components/checkout-form'
import { CheckoutReview } from '@/features/checkout/components/checkout-review'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { buildSummary, CHECKOUT_ID, renderOrdering } from '@/testing/ordering-fixtures'

function FormRoute() {
  const { checkoutId = '' } = useParams()
  const query = useCheckout(checkoutId, 'init')
  return query.data ? <CheckoutForm checkoutId={checkoutId} summary={query.data} /> : null
}

const reviewed: FakeReply = {
  status: 200,
  data: {
    checkoutId: CHECKOUT_ID,
    step: 'review',
    checkoutUrl: null,
    cartId: 'c',
    shippingAddressId: null,
  },
}

function ReviewRoute() {
  const { checkoutId = '' } = useParams()
  const query = useCheckout(checkoutId, 'review')
  return query.data ? <CheckoutReview checkoutId={checkoutId} summary={query.data} /> : null
}

function renderForm(review: () => FakeReply) {
  setUser(buildUser())
  const adapter = createFakeAdapter(({ method, url }) => {
    if (url.endsWith('/init')) return { status: 200, data: buildSummary() }
    if (method === 'POST' && url.endsWith('/review')) return review()
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No' } }
  })
  http.defaults.adapter = adapter
  const user = userEvent.setup({ delay: null })
  renderOrdering(
    [
      { path: '/checkout/:checkoutId', element: <FormRoute /> },
      { path: '/checkout/:checkoutId/review', element: <h1>Revisá tu pedido</h1> },
    ],
    { url: `/checkout/${CHECKOUT_ID}` },
  )
  return { adapter, user }
}

/** From the contact step to the review POST: delivery, then a bank transfer. */
async function finishSteps(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Continuar' }))
  expect(await screen.findByRole('heading', { level: 2, name: 'Entrega' })).toBeInTheDocument()
  await user.click(screen.getByRole('radio', { name: 'Entrega a domicilio' }))
  await user.click(screen.getByRole('button', { name: 'Continuar' }))
  expect(await screen.findByRole('heading', { level: 2, name: 'Pago' })).toBeInTheDocument()
  await user.click(screen.getByRole('radio', { name: 'Transferencia bancaria' }))
  await user.click(screen.getByRole('button', { name: 'Continuar' }))
}

describe('checkout: "Necesito factura A" (issue 27)', () => {
  test('reveals CUIT, razón social and IVA condition, checks them in Spanish and sends contact.billing', async () => {
    const { adapter, user } = renderForm(() => reviewed)
    await screen.findByRole('textbox', { name: /Correo electrónico/ })
    expect(screen.queryByRole('textbox', { name: /CUIT/ })).toBeNull()

    await user.click(screen.getByRole('checkbox', { name: /Necesito factura A/ }))
    const group = screen.getByRole('group', { name: 'Datos para la factura' })
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(await within(group).findByText('Ingresá la razón social')).toBeInTheDocument()
    expect(within(group).getByText('Ingresá el CUIT')).toBeInTheDocument()
    expect(within(group).getByText('Elegí tu condición frente al IVA')).toBeInTheDocument()
    const cuit = within(group).getByRole('textbox', { name: /CUIT/ })
    await user.type(cuit, '30-71234567-2')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(
      await within(group).findByText('El CUIT no es válido (revisá el dígito verificador)'),
    ).toBeInTheDocument()

    await user.clear(cuit)
    await user.type(cuit, '30-71234567-1')
    await user.type(within(group).getByRole('textbox', { name: /Razón social/ }), 'Tostadores SA')
    await user.selectOptions(
      within(group).getByRole('combobox', { name: /Condición frente al IVA/ }),
      'IVA Responsable Inscripto',
    )
    await finishSteps(user)

    expect(await screen.findByRole('heading', { name: 'Revisá tu pedido' })).toBeInTheDocument()
    const post = adapter.calls.find((c) => c.method === 'POST')
    expect(post?.data).toMatchObject({
      contact: {
        billing: {
          cuit: '30712345671',
          vatCondition: 'responsable_inscripto',
          legalName: 'Tostadores SA',
        },
      },
    })
  })

  test('unchecked, no billing is sent', async () => {
    const { adapter, user } = renderForm(() => reviewed)
    await screen.findByRole('textbox', { name: /Correo electrónico/ })
    await finishSteps(user)
    expect(await screen.findByRole('heading', { name: 'Revisá tu pedido' })).toBeInTheDocument()
    const sent = adapter.calls.find((c) => c.method === 'POST')?.data as {
      contact: Record<string, unknown>
    }
    expect(sent.contact.email).toBeTruthy()
    expect(sent.contact).not.toHaveProperty('billing')
  })

  test("the server's error on contact.billing.cuit takes the customer back under that field", async () => {
    const { user } = renderForm(() => ({
      status: 400,
      data: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Revisá los datos.',
        errors: [{ name: 'contact.billing.cuit', message: 'Ese CUIT no está activo en ARCA' }],
      },
    }))
    await screen.findByRole('textbox', { name: /Correo electrónico/ })
    await user.click(screen.getByRole('checkbox', { name: /Necesito factura A/ }))
    await user.type(screen.getByRole('textbox', { name: /CUIT/ }), '30712345671')
    await user.type(screen.getByRole('textbox', { name: /Razón social/ }), 'Tostadores SA')
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Condición frente al IVA/ }),
      'Responsable Monotributo',
    )
    await finishSteps(user)

    const cuit = await screen.findByRole('textbox', { name: /CUIT/ })
    await waitFor(() => expect(cuit).toHaveAccessibleDescription('Ese CUIT no está activo en ARCA'))
    expect(cuit).toHaveValue('30-71234567-1')
  })

  test('the review step names who the invoice is for', async () => {
    setUser(buildUser())
    const base = buildSummary()
    http.defaults.adapter = createFakeAdapter(({ url }) =>
      url.endsWith('/review')
        ? {
            status: 200,
            data: buildSummary({
              step: 'review',
              deliveryType: 'pickup',
              paymentMethod: 'cash',
              contact: {
                ...base.contact,
                billing: {
                  cuit: '30712345671',
                  vatCondition: 'responsable_inscripto',
                  legalName: 'Tostadores SA',
                },
              },
            }),
          }
        : { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No' } },
    )
    renderOrdering([{ path: '/checkout/:checkoutId/review', element: <ReviewRoute /> }], {
      url: `/checkout/${CHECKOUT_ID}/review`,
    })
    expect(await screen.findByTestId('review-billing')).toHaveTextContent(
      'Factura a nombre de Tostadores SA · CUIT 30-71234567-1',
    )
  })
})
