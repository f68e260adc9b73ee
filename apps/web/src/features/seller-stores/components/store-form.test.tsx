import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { StoreCreator, STORE_SAVE_LABELS } from '@/features/seller-stores/components/store-editor'
import { STORE_FORM_LABELS } from '@/features/seller-stores/components/store-form'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { buildAdminStore, signInSeller } from '@/testing/seller-fixtures'

const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}`)

/** Pasting is one input event: much faster than typing letter by letter under jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}

// The form is large (the phone input alone lists every country): give it time under jsdom.
const SLOW = { timeout: 45_000 }

describe('store form', () => {
  test(
    'suggests the handle, fills the point from the address and shows a taken handle under its field',
    SLOW,
    async () => {
      const adapter = createFakeAdapter(({ method, url }) => {
        if (method === 'GET' && url === '/geo/places') {
          return {
            status: 200,
            data: {
              status: 'OK',
              candidates: [
                {
                  formatted_address: 'Av. Corrientes 1234, Balvanera, CABA, Argentina',
                  geometry: { location: { lat: -34.6037221, lng: -58.3815931 } },
                  name: 'Av. Corrientes 1234',
                  place_id: 'p1',
                },
              ],
            },
          }
        }
        if (method === 'POST' && url === '/admin/stores') {
          return {
            status: 409,
            data: {
              statusCode: 409,
              code: 'CONFLICT',
              message: 'Ese identificador ya está en uso.',
              errors: [{ name: 'handle', message: 'Elegí otro identificador' }],
            },
          }
        }
        return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
      })
      http.defaults.adapter = adapter
      signInSeller(null)
      const user = userEvent.setup({ delay: null })
      renderRouter([{ path: '*', element: <StoreCreator /> }], { url: '/admin/stores/new' })

      await fill(user, screen.getByLabelText(label(STORE_FORM_LABELS.name)), 'Almacén Don José')
      expect(screen.getByLabelText(label(STORE_FORM_LABELS.handle))).toHaveValue('almacen-don-jose')

      await fill(user, screen.getByLabelText(label(STORE_FORM_LABELS.street)), 'Av. Corrientes')
      await fill(user, screen.getByLabelText(label(STORE_FORM_LABELS.number)), '1234')
      await fill(user, screen.getByLabelText(label(STORE_FORM_LABELS.city)), 'Buenos Aires')
      await user.click(screen.getByRole('combobox', { name: label(STORE_FORM_LABELS.province) }))
      await user.click(
        await screen.findByRole('option', {
          name: 'Ciudad Autónoma de Buenos Aires',
          hidden: true,
        }),
      )
      await user.click(screen.getByRole('button', { name: STORE_FORM_LABELS.geocode }))

      expect(await screen.findByText(/Ubicación encontrada/)).toBeInTheDocument()
      expect(screen.getByLabelText(label(STORE_FORM_LABELS.latitude))).toHaveValue('-34.603722')
      expect(adapter.calls.find((c) => c.url === '/geo/places')?.method).toBe('GET')

      await user.click(screen.getByRole('button', { name: STORE_SAVE_LABELS.create }))
      expect(await screen.findByText('Elegí otro identificador')).toBeInTheDocument()
      expect(screen.getByLabelText(label(STORE_FORM_LABELS.handle))).toHaveAttribute(
        'aria-invalid',
        'true',
      )
      const body = adapter.calls.find((c) => c.method === 'POST')?.data as Record<string, unknown>
      expect(body).toMatchObject({
        name: 'Almacén Don José',
        handle: 'almacen-don-jose',
        address: { street: 'Av. Corrientes', number: '1234', city: 'Buenos Aires', province: 'C' },
        location: { type: 'Point', coordinates: [-58.381593, -34.603722] },
        deliveryTypes: ['pickup'],
      })
      expect(body.openingHours).toMatchObject({
        '1': [
          ['09:00', '13:00'],
          ['16:00', '20:00'],
        ],
      })
      expect(body.openingHours).not.toHaveProperty('0')
    },
  )

  test('missing address fields are flagged in Spanish before anything is sent', SLOW, async () => {
    const adapter = createFakeAdapter(() => ({ status: 201, data: buildAdminStore() }))
    http.defaults.adapter = adapter
    signInSeller(null)
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '*', element: <StoreCreator /> }], { url: '/admin/stores/new' })

    await fill(user, screen.getByLabelText(label(STORE_FORM_LABELS.name)), 'Kiosco')
    await fill(user, screen.getByLabelText(label(STORE_FORM_LABELS.latitude)), '-34.6')
    await user.click(screen.getByRole('button', { name: STORE_SAVE_LABELS.create }))

    expect(await screen.findByText('Ingresá la calle')).toBeInTheDocument()
    expect(screen.getByText('Elegí la provincia')).toBeInTheDocument()
    expect(screen.getByText('Ingresá la longitud o usá “Buscar dirección”')).toBeInTheDocument()
    expect(screen.getByLabelText(label(STORE_FORM_LABELS.latitude))).toHaveValue('-34.6')
    await waitFor(() => expect(adapter.calls).toHaveLength(0))
  })
})
