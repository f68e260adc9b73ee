import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { STORE_FORM_LABELS } from '@/features/admin-stores/components/store-form'
import { STORE_SAVE_LABELS, StoreEditor } from '@/features/admin-stores/components/store-editor'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { buildAdminStore, signInSeller, STORE_A } from '@/testing/seller-fixtures'

// The form is large (the phone input lists every country): jsdom is slow with it on a loaded machine.
const SLOW = { timeout: 120_000 }
const MESSAGE = 'Ingresá un número de WhatsApp válido, con código de área (ej.: 341 555-0101)'
const body = (data: unknown) => (typeof data === 'string' ? JSON.parse(data) : data) as unknown

describe('the store’s WhatsApp in the store form (issue 28)', () => {
  test('shows the saved number; the API’s Spanish error goes under the field', SLOW, async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url === `/admin/stores/${STORE_A}`)
        return { status: 200, data: buildAdminStore({ whatsapp: '+5493415550101' }) }
      if (method === 'PUT' && url === `/admin/stores/${STORE_A}`)
        return {
          status: 400,
          data: {
            statusCode: 400,
            code: 'INVALID',
            message: MESSAGE,
            errors: [{ name: 'whatsapp', message: MESSAGE }],
          },
        }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    renderWithProviders(<StoreEditor storeId={STORE_A} allowDelete={false} />)

    const field = await screen.findByLabelText(
      new RegExp(`^${STORE_FORM_LABELS.whatsapp}`),
      {},
      { timeout: 20_000 },
    )
    expect(field).toHaveValue('+5493415550101')
    const user = userEvent.setup({ delay: null })
    await user.clear(field)
    await user.type(field, '341 12')
    await user.click(screen.getByRole('button', { name: STORE_SAVE_LABELS.update }))

    // Under the field, and named by it (aria-describedby); a toast may say it too.
    const shown = await screen.findAllByText(MESSAGE, {}, { timeout: 20_000 })
    const described = field.getAttribute('aria-describedby')?.split(/\s+/) ?? []
    expect(shown.some((el) => el.id && described.includes(el.id))).toBe(true)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    const put = adapter.calls.find((c) => c.method === 'PUT')
    expect(body(put?.data)).toMatchObject({ whatsapp: '341 12' })
  })
})
