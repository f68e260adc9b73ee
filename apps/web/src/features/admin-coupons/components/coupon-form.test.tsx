import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { COUPON_FORM_LABELS, CouponForm } from '@/features/admin-coupons/components/coupon-form'
import { EMPTY_COUPONS_TITLE, CouponsList } from '@/features/admin-coupons/components/coupons-list'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderRouter, renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller } from '@/testing/seller-fixtures'

const COUPON = {
  _id: '4f5a6b7c-8d9e-4f0a-8b1c-2d3e4f5a6b7c',
  code: 'MARTES10',
  type: 'percent' as const,
  value: 1000,
  minSubtotal: 0,
  startsAt: null,
  endsAt: '2026-12-31T23:59:00-03:00',
  maxUses: 3,
  maxUsesPerCustomer: null,
  firstOrderOnly: false,
  collectionIds: [],
  uses: 1,
  status: 'active' as const,
  createdAt: '2026-11-20T10:00:00.000Z',
}

const notFound = { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }

describe('coupon form', () => {
  test('a percent typed "12,5" is sent as 1250 and a repeated code shows under its field', async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url === '/admin/collections') return { status: 200, data: pageOf([]) }
      if (method === 'POST' && url === '/admin/coupons') {
        return {
          status: 409,
          data: {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Ya tenés un cupón con ese código.',
            errors: [{ name: 'code', message: 'Ya tenés un cupón con ese código' }],
          },
        }
      }
      return notFound
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '*', element: <CouponForm /> }])

    const code = screen.getByLabelText(COUPON_FORM_LABELS.code, { exact: false })
    await user.type(code, 'martes10')
    expect(code).toHaveValue('MARTES10')
    await user.type(screen.getByLabelText(COUPON_FORM_LABELS.percent, { exact: false }), '12,5')
    await user.click(screen.getByRole('button', { name: COUPON_FORM_LABELS.create }))

    expect(await screen.findByText('Ya tenés un cupón con ese código')).toBeInTheDocument()
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(adapter.calls.find((c) => c.method === 'POST')?.data).toEqual({
      code: 'MARTES10',
      type: 'percent',
      value: 1250,
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      firstOrderOnly: false,
      collectionIds: [],
    })
  })

  test('an end before the start is caught before sending, under "Hasta"', async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url === '/admin/collections') return { status: 200, data: pageOf([]) }
      return notFound
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '*', element: <CouponForm coupon={COUPON} /> }])

    const starts = screen.getByLabelText(COUPON_FORM_LABELS.startsAt)
    await user.type(starts, '2027-01-10T09:00')
    await user.click(screen.getByRole('button', { name: COUPON_FORM_LABELS.save }))

    expect(await screen.findByText('El fin tiene que ser posterior al inicio')).toBeInTheDocument()
    expect(screen.getByLabelText(COUPON_FORM_LABELS.endsAt)).toHaveAttribute('aria-invalid', 'true')
    expect(adapter.calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })
})

describe('coupon list', () => {
  test('with no coupons it offers to create the first one', async () => {
    http.defaults.adapter = createFakeAdapter(({ method, url }) =>
      method === 'GET' && url === '/admin/coupons' ? { status: 200, data: pageOf([]) } : notFound,
    )
    signInSeller()
    renderWithProviders(<CouponsList />, { url: '/admin/coupons' })

    expect(await screen.findByText(EMPTY_COUPONS_TITLE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Nuevo cupón' })).toHaveAttribute(
      'href',
      '/admin/coupons/new',
    )
  })

  test('a row shows its discount, status, uses and validity', async () => {
    http.defaults.adapter = createFakeAdapter(({ method, url }) =>
      method === 'GET' && url === '/admin/coupons'
        ? { status: 200, data: pageOf([COUPON]) }
        : notFound,
    )
    signInSeller()
    renderWithProviders(<CouponsList />, { url: '/admin/coupons' })

    const table = await screen.findByRole('table')
    expect(within(table).getByText('MARTES10')).toBeInTheDocument()
    expect(within(table).getByText('10 %')).toBeInTheDocument()
    expect(within(table).getByText('Vigente')).toBeInTheDocument()
    expect(within(table).getByText('1 / 3')).toBeInTheDocument()
    await waitFor(() => expect(within(table).getByText(/^Hasta 31/)).toBeInTheDocument())
  })
})
