import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { STORE_FORM_LABELS } from '@/features/admin-stores/components/store-form'
import { StoreEditor } from '@/features/admin-stores/components/store-editor'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { buildAdminStore, signInSeller, STORE_A } from '@/testing/seller-fixtures'

// The form is large (the phone input lists every country): jsdom is slow with it on a loaded machine.
const SLOW = { timeout: 120_000 }

function serveStore(role: 'owner' | 'staff') {
  const adapter = createFakeAdapter(({ method, url }) => {
    if (method === 'GET' && url === `/admin/stores/${STORE_A}`)
      return { status: 200, data: buildAdminStore({ role }) }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

describe('store editor and the role (decision 029)', () => {
  test(
    'staff see the store read-only, told why, with nothing to save or upload (issue 30)',
    SLOW,
    async () => {
      const adapter = serveStore('staff')
      signInSeller()
      renderWithProviders(<StoreEditor storeId={STORE_A} allowDelete={false} />)

      await screen.findByText('Solo lectura', {}, { timeout: 20_000 })
      const alert = screen.getByRole('status', { name: 'Solo lectura' })
      expect(alert).toHaveTextContent(
        'Solo el dueño o un encargado pueden cambiar la configuración.',
      )
      expect(alert).toHaveTextContent('Tu rol en este comercio: Personal.')
      expect(screen.getByLabelText(new RegExp(`^${STORE_FORM_LABELS.name}`))).toBeDisabled()
      expect(screen.getByLabelText(new RegExp(`^${STORE_FORM_LABELS.description}`))).toBeDisabled()
      expect(screen.queryByRole('button', { name: /Guardar/ })).not.toBeInTheDocument()
      expect(screen.queryByText(/Subir logo|Cambiar logo/)).not.toBeInTheDocument()
      expect(adapter.calls.every((c) => c.method === 'GET')).toBe(true)
    },
  )

  test('the owner edits it', SLOW, async () => {
    serveStore('owner')
    signInSeller()
    renderWithProviders(<StoreEditor storeId={STORE_A} allowDelete={false} />)

    const name = await screen.findByLabelText(
      new RegExp(`^${STORE_FORM_LABELS.name}`),
      {},
      { timeout: 20_000 },
    )
    expect(name).toBeEnabled()
    expect(screen.queryByText('Solo lectura')).not.toBeInTheDocument()
    expect(screen.getByText(/Subir logo|Cambiar logo/)).toBeInTheDocument()
  })
})
