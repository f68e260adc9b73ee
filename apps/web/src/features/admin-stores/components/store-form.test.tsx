import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { StoreCreator, STORE_SAVE_LABELS } from '@/features/admin-stores/components/store-editor'
import { POSTAL_ADDRESS_LABELS } from '@/components/form/postal-address-fields'
import { STORE_FORM_LABELS } from '@/features/admin-stores/components/store-form'
import {
  LOCATION_PIN_LABELS,
  nudgePoint,
  PIN_STEP_METRES,
} from '@/components/maps/location-pin-field'
import {
  PIN_REQUIRED_MESSAGE,
  PLACE_REQUIRED_MESSAGE,
} from '@/features/admin-stores/utils/store-form'
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

// The form is large (the phone input alone lists every country): jsdom takes 12-18 s for it alone
// and three times that on a loaded 2-core machine, so the limit is generous (it is no speed check).
const SLOW = { timeout: 120_000 }

describe('store form', () => {
  test(
    'suggests the handle, fills address and point from a chosen place, asks to confirm the pin, shows a taken handle under its field',
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
                  formatted_address: 'Av. Corrientes 1234, Balvanera, C1043 CABA, Argentina',
                  geometry: { location: { lat: -34.6037221, lng: -58.3815931 } },
                  name: 'Av. Corrientes 1234',
                  place_id: 'p1',
                  locality: { neighbourhood: 'Balvanera', city: 'Ciudad Autónoma de Buenos Aires' },
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

      // No typed coordinates: the point comes from the place lookup.
      expect(screen.queryByLabelText(/Latitud/)).not.toBeInTheDocument()
      expect(screen.queryByLabelText(/Longitud/)).not.toBeInTheDocument()
      await fill(user, screen.getByLabelText(label(LOCATION_PIN_LABELS.search)), 'Corrientes 1234')
      await user.click(screen.getByRole('button', { name: LOCATION_PIN_LABELS.searchButton }))
      await user.click(
        await screen.findByRole('button', {
          name: 'Usar Av. Corrientes 1234, Balvanera, C1043 CABA, Argentina',
        }),
      )
      expect(adapter.calls.find((c) => c.url === '/geo/places')?.method).toBe('GET')
      expect(screen.getByLabelText(label(POSTAL_ADDRESS_LABELS.street))).toHaveValue(
        'Av. Corrientes',
      )
      expect(screen.getByLabelText(label(POSTAL_ADDRESS_LABELS.number))).toHaveValue('1234')
      // The barrio and its city each in their own line (issue 30: the city line got the barrio).
      expect(screen.getByLabelText(label(POSTAL_ADDRESS_LABELS.neighbourhood))).toHaveValue(
        'Balvanera',
      )
      expect(screen.getByLabelText(label(POSTAL_ADDRESS_LABELS.city))).toHaveValue(
        'Ciudad Autónoma de Buenos Aires',
      )
      expect(screen.getByLabelText(label(POSTAL_ADDRESS_LABELS.postalCode))).toHaveValue('1043')
      expect(screen.getByRole('link', { name: LOCATION_PIN_LABELS.openMap })).toHaveAttribute(
        'href',
        expect.stringContaining('mlat=-34.603722&mlon=-58.381593'),
      )

      // The map shows the pin (Leaflet, loaded on demand); the arrow buttons move it ~10 m.
      expect(
        await screen.findByRole('region', { name: LOCATION_PIN_LABELS.map }, { timeout: 20_000 }),
      ).toBeInTheDocument()
      expect(screen.getByTitle(LOCATION_PIN_LABELS.pin)).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: LOCATION_PIN_LABELS.north }))
      await user.click(screen.getByRole('button', { name: LOCATION_PIN_LABELS.east }))
      const moved = nudgePoint(-34.603722, -58.381593, PIN_STEP_METRES, 0)
      const east = nudgePoint(moved.latitude, moved.longitude, 0, PIN_STEP_METRES)
      // The focused pin moves with the arrow keys too (here one step west and one more north).
      const pin = screen.getByTitle(LOCATION_PIN_LABELS.pin)
      fireEvent.keyDown(pin, { key: 'ArrowLeft' })
      const west = nudgePoint(east.latitude, east.longitude, 0, -PIN_STEP_METRES)
      await waitFor(() =>
        expect(screen.getByRole('link', { name: LOCATION_PIN_LABELS.openMap })).toHaveAttribute(
          'href',
          expect.stringContaining(`mlat=${west.latitude.toFixed(6)}`),
        ),
      )
      fireEvent.keyDown(screen.getByTitle(LOCATION_PIN_LABELS.pin), { key: 'ArrowUp' })
      const point = nudgePoint(west.latitude, west.longitude, PIN_STEP_METRES, 0)
      expect(point.latitude).toBeGreaterThan(moved.latitude)
      expect(screen.getByRole('link', { name: LOCATION_PIN_LABELS.openMap })).toHaveAttribute(
        'href',
        expect.stringContaining(
          `mlat=${point.latitude.toFixed(6)}&mlon=${point.longitude.toFixed(6)}`,
        ),
      )

      // The pin must be confirmed before saving.
      await user.click(screen.getByRole('button', { name: STORE_SAVE_LABELS.create }))
      expect(await screen.findByText(PIN_REQUIRED_MESSAGE)).toBeInTheDocument()
      expect(adapter.calls.some((c) => c.method === 'POST')).toBe(false)
      await user.click(screen.getByRole('checkbox', { name: LOCATION_PIN_LABELS.confirm }))

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
        address: {
          street: 'Av. Corrientes',
          number: '1234',
          neighbourhood: 'Balvanera',
          city: 'Ciudad Autónoma de Buenos Aires',
          provinceCode: 'C',
          postalCode: '1043',
        },
        latitude: point.latitude,
        longitude: point.longitude,
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
    await user.click(screen.getByRole('button', { name: STORE_SAVE_LABELS.create }))

    expect(await screen.findByText('Ingresá la calle')).toBeInTheDocument()
    expect(screen.getByText('Elegí la provincia')).toBeInTheDocument()
    expect(screen.getByText(PLACE_REQUIRED_MESSAGE)).toBeInTheDocument()
    await waitFor(() => expect(adapter.calls).toHaveLength(0))
  })
})
