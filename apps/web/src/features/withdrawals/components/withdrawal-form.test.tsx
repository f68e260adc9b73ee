import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { WithdrawalForm } from '@/features/withdrawals/components/withdrawal-form'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { buildOrder } from '@/testing/ordering-fixtures'
import { renderWithProviders } from '@/testing/render'
import { pageOf } from '@/testing/seller-fixtures'
import { WAIT } from '@/testing/wait'

const PERISHABLES =
  'Este pedido es solo de productos perecederos, que la ley deja fuera del botón de arrepentimiento.'

function fakeWithdrawals(answer: () => FakeReply, orders = pageOf([buildOrder()])) {
  const adapter = createFakeAdapter(({ method, url }) => {
    if (method === 'POST' && url === '/withdrawals') return answer()
    if (method === 'GET' && url === '/orders') return { status: 200, data: orders }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

const posts = (adapter: ReturnType<typeof fakeWithdrawals>) =>
  adapter.calls.filter((call) => call.method === 'POST')

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Número de pedido/), '#1001')
  await user.type(screen.getByLabelText(/Correo de la compra/), 'Lucia@Example.com')
  await user.type(screen.getByLabelText(/Nombre y apellido/), 'Lucía Pérez')
}

const submit = () => screen.getByRole('button', { name: 'Enviar arrepentimiento' })

describe('botón de arrepentimiento form', () => {
  test('empty or wrong fields get Spanish errors beside them and nothing is sent', async () => {
    const adapter = fakeWithdrawals(() => ({ status: 500, data: {} }))
    const user = userEvent.setup()
    renderWithProviders(<WithdrawalForm />, { url: '/arrepentimiento' })

    await user.type(screen.getByLabelText(/Número de pedido/), 'pedido uno')
    await user.type(screen.getByLabelText(/Correo de la compra/), 'lucia@')
    await user.click(submit())

    expect(await screen.findByText('Revisá los campos marcados.', {}, WAIT)).toBeInTheDocument()
    expect(screen.getByLabelText(/Número de pedido/)).toHaveAccessibleDescription(
      /Ingresá el número de pedido \(por ejemplo, 1001\)/,
    )
    expect(screen.getByLabelText(/Correo de la compra/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/Nombre y apellido/)).toHaveAccessibleDescription(
      'Ingresá tu nombre',
    )
    expect(screen.getByLabelText(/Motivo/)).not.toHaveAttribute('aria-invalid', 'true')
    expect(posts(adapter)).toHaveLength(0)
  })

  test('a purchase the law leaves out shows the server’s Spanish message, and the form stays', async () => {
    fakeWithdrawals(() => ({
      status: 422,
      data: { statusCode: 422, code: 'UNPROCESSABLE_ENTITY', message: PERISHABLES },
    }))
    const user = userEvent.setup()
    renderWithProviders(<WithdrawalForm />, { url: '/arrepentimiento' })

    await fill(user)
    await user.click(submit())

    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(PERISHABLES)
    expect(screen.getByLabelText(/Número de pedido/)).toHaveValue('#1001')
    expect(screen.queryByText(/Tu código de arrepentimiento es/)).not.toBeInTheDocument()
  })

  test('the server’s field errors go under their fields', async () => {
    fakeWithdrawals(() => ({
      status: 400,
      data: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Hay datos para corregir.',
        errors: [{ name: 'email', message: 'Ingresá un correo válido' }],
      },
    }))
    const user = userEvent.setup()
    renderWithProviders(<WithdrawalForm />, { url: '/arrepentimiento' })

    await fill(user)
    await user.click(submit())

    expect(await screen.findByText('Hay datos para corregir.', {}, WAIT)).toBeInTheDocument()
    expect(screen.getByLabelText(/Correo de la compra/)).toHaveAccessibleDescription(
      /Ingresá un correo válido/,
    )
  })

  test('a sent request shows the revocation code; only what identifies the purchase is sent', async () => {
    const adapter = fakeWithdrawals(() => ({
      status: 201,
      data: { code: 'ARR-7KQ2-M9XD', orderNumber: 1001, status: 'requested' },
    }))
    const user = userEvent.setup()
    renderWithProviders(<WithdrawalForm />, { url: '/arrepentimiento' })

    await fill(user)
    await user.click(submit())

    const receipt = await screen.findByRole('status', {}, WAIT)
    expect(receipt).toHaveTextContent(
      'Tu código de arrepentimiento es ARR-7KQ2-M9XD. Te lo mandamos por correo.',
    )
    expect(within(receipt).getByText(/pedido #1001/)).toBeInTheDocument()
    expect(posts(adapter)[0]?.data).toEqual({
      orderNumber: 1001,
      email: 'lucia@example.com',
      name: 'Lucía Pérez',
    })
    // No orders were asked for: a visitor has none.
    expect(adapter.calls.some((call) => call.url === '/orders')).toBe(false)
  })

  test('a signed-in customer picks one of their orders: number, e-mail and name are filled', async () => {
    setUser(buildUser())
    const cancelled = buildOrder({ _id: 'o-cancelled', number: 1002, status: 'cancelled' })
    const adapter = fakeWithdrawals(
      () => ({
        status: 201,
        data: { code: 'ARR-AAAA-BBBB', orderNumber: 1001, status: 'requested' },
      }),
      pageOf([buildOrder(), cancelled]),
    )
    const user = userEvent.setup()
    renderWithProviders(<WithdrawalForm />, { url: '/arrepentimiento' })

    const select = await screen.findByLabelText(/Elegí la compra/, {}, WAIT)
    // A cancelled order is not offered.
    expect(within(select).queryByRole('option', { name: /#1002/ })).not.toBeInTheDocument()
    await user.selectOptions(select, within(select).getByRole('option', { name: /#1001/ }))

    expect(screen.getByLabelText(/Número de pedido/)).toHaveValue('1001')
    expect(screen.getByLabelText(/Correo de la compra/)).toHaveValue('lucia@example.com')
    expect(screen.getByLabelText(/Nombre y apellido/)).toHaveValue('Lucía Pérez')

    await user.click(submit())
    expect(await screen.findByText('ARR-AAAA-BBBB', {}, WAIT)).toBeInTheDocument()
    expect(posts(adapter)[0]?.data).toMatchObject({ orderNumber: 1001, email: 'lucia@example.com' })
  })
})
