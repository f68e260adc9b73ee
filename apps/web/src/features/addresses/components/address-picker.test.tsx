import type { Address } from '@barrio/contracts/addresses'
import type { PlaceResult } from '@barrio/contracts/geo'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { APPROXIMATE_TITLE } from '@/features/addresses/components/address-form'
import { AddressPickerButton } from '@/features/addresses/components/address-picker'
import { PLACE_SEARCH_LABEL } from '@/features/addresses/components/place-search'
import { closeAddressPicker } from '@/features/addresses/utils/address-picker-store'
import { appStore, setDeviceId, setSelectedAddressId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { STORAGE_KEYS } from '@/lib/storage'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildAddress, pageOf } from '@/testing/discovery-fixtures'
import { renderWithProviders } from '@/testing/render'

const DEVICE = '0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90'
const palermo: PlaceResult = {
  formatted_address: 'Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
  geometry: { location: { lat: -34.5739, lng: -58.4224 } },
  name: 'Palermo',
  place_id: 'builtin:c:palermo',
}
const palermoChico: PlaceResult = {
  ...palermo,
  formatted_address: 'Palermo Chico, Ciudad Autónoma de Buenos Aires, Argentina',
  name: 'Palermo Chico',
  place_id: 'builtin:c:palermo-chico',
}

afterEach(() => closeAddressPicker())

/** A tiny API: the address list, the gazetteer and the address writes. */
function fakeApi({ post }: { post?: (body: unknown) => FakeReply } = {}) {
  const saved: Address[] = []
  const adapter = createFakeAdapter(({ method, url, data }) => {
    const path = url.split('?')[0]
    if (method === 'GET' && path === '/addresses') {
      return { status: 200, data: pageOf(saved, { limit: 50 }) }
    }
    if (method === 'GET' && path === '/geo/places') {
      return { status: 200, data: { candidates: [palermo, palermoChico], status: 'OK' } }
    }
    if (method === 'GET' && path === '/geo/places/builtin%3Ac%3Apalermo') {
      return { status: 200, data: { result: palermo, status: 'OK' } }
    }
    if (method === 'POST' && path === '/addresses') {
      if (post) return post(data)
      const body = data as Record<string, unknown>
      const created = buildAddress({
        _id: 'd0000000-0000-4000-8000-00000000000d',
        street: String(body.street),
        number: String(body.number),
        city: String(body.city),
        isDefault: saved.length === 0,
      })
      saved.push(created)
      return { status: 201, data: created }
    }
    if (method === 'PUT' && path?.endsWith('/default')) {
      return { status: 200, data: { ...saved[0], isDefault: true } }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

async function openPickerAndFindPalermo(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Elegí tu dirección' }))
  const dialog = await screen.findByRole('dialog')
  const search = await within(dialog).findByRole('combobox', {
    name: PLACE_SEARCH_LABEL,
  })
  await user.type(search, 'Palermo')
  await within(dialog).findByRole('option', {
    name: 'Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
  })
  return { dialog, search }
}

describe('address picker', () => {
  test('search, pick with the keyboard, confirm the form and save: the new address is selected', async () => {
    setDeviceId(DEVICE)
    window.localStorage.setItem(STORAGE_KEYS.cartToken, 'cart-1')
    const adapter = fakeApi()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AddressPickerButton />)

    const { dialog, search } = await openPickerAndFindPalermo(user)
    expect(within(dialog).getAllByRole('option')).toHaveLength(2)
    // One lookup for the settled text, not one per keystroke (250 ms debounce).
    expect(adapter.calls.filter((c) => c.url === '/geo/places')).toHaveLength(1)

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      within(dialog).getAllByRole('option')[0]!.id,
    )
    await user.keyboard('{Enter}')

    const city = await within(dialog).findByLabelText(/^Localidad o barrio/)
    expect(city).toHaveValue('Palermo')
    // Focus moves on to the first field still to fill, not back to the page.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Calle/)).toHaveFocus())
    expect(within(dialog).getByRole('combobox', { name: /^Provincia/ })).toHaveValue(
      'Ciudad Autónoma de Buenos Aires',
    )
    // A barrio is no door: its centre is approximate until the pin moves.
    expect(within(dialog).getByText(APPROXIMATE_TITLE)).toBeInTheDocument()

    // Validation messages next to the fields, in Spanish; nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Guardar dirección' }))
    expect(within(dialog).getByLabelText(/^Calle/)).toHaveAccessibleDescription('Ingresá la calle')
    expect(within(dialog).getByLabelText(/^Altura/)).toHaveAccessibleDescription(
      'Ingresá la altura',
    )
    expect(adapter.calls.some((c) => c.method === 'POST')).toBe(false)

    await user.type(within(dialog).getByLabelText(/^Calle/), 'Thames')
    await user.type(within(dialog).getByLabelText(/^Altura/), '640')
    await user.type(within(dialog).getByLabelText(/^Indicaciones para el repartidor/), 'Timbre 3B')
    await user.click(within(dialog).getByRole('button', { name: 'Mover el pin hacia el norte' }))
    expect(within(dialog).queryByText(APPROXIMATE_TITLE)).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: 'Trabajo' }))
    await user.click(within(dialog).getByRole('button', { name: 'Guardar dirección' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const post = adapter.calls.find((c) => c.method === 'POST')
    expect(post?.data).toEqual({
      label: 'Trabajo',
      street: 'Thames',
      number: '640',
      floorApartment: null,
      city: 'Palermo',
      provinceCode: 'C',
      postalCode: null,
      notes: 'Timbre 3B',
      latitude: -34.57381,
      longitude: -58.4224,
      geocodedBy: 'pin',
      placeId: 'builtin:c:palermo',
    })
    expect(
      adapter.calls.some(
        (c) =>
          c.method === 'PUT' && c.url === '/addresses/d0000000-0000-4000-8000-00000000000d/default',
      ),
    ).toBe(true)
    expect(appStore.getState().selectedAddressId).toBe('d0000000-0000-4000-8000-00000000000d')
    expect(window.localStorage.getItem(STORAGE_KEYS.cartToken)).toBeNull()
    expect(
      await screen.findByRole('button', { name: 'Entregar en Thames 640, Palermo' }),
    ).toBeInTheDocument()
  })

  test('choosing another address asks first (it empties the cart) and a no keeps the selection', async () => {
    setDeviceId(DEVICE)
    const home = buildAddress({ isDefault: true })
    const work = buildAddress({
      _id: '22222222-2222-4222-8222-222222222222',
      label: 'Trabajo',
      street: 'Thames',
      number: '640',
      formattedAddress: 'Thames 640, Palermo, Ciudad Autónoma de Buenos Aires',
    })
    setSelectedAddressId(home._id)
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url.split('?')[0] === '/addresses') {
        return { status: 200, data: pageOf([home, work], { limit: 50 }) }
      }
      if (method === 'PUT') return { status: 200, data: { ...work, isDefault: true } }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    const confirmChange = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AddressPickerButton confirmChange={confirmChange} />)

    const open = async () => {
      await user.click(await screen.findByRole('button', { name: /^Entregar en Gurruchaga 1723/ }))
      return screen.findByRole('dialog')
    }
    // The selected address itself changes nothing: no question.
    await user.click(await within(await open()).findByRole('button', { name: /^Casa/ }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(confirmChange).not.toHaveBeenCalled()

    const dialog = await open()
    await within(dialog).findByRole('button', { name: /^Trabajo/ })

    await user.click(within(dialog).getByRole('button', { name: /^Trabajo/ }))
    await waitFor(() => expect(confirmChange).toHaveBeenCalledTimes(1))
    expect(adapter.calls.some((c) => c.method === 'PUT')).toBe(false)
    expect(appStore.getState().selectedAddressId).toBe(home._id)

    await user.click(within(dialog).getByRole('button', { name: /^Trabajo/ }))
    await waitFor(() => expect(appStore.getState().selectedAddressId).toBe(work._id))
    expect(confirmChange).toHaveBeenCalledTimes(2)
    expect(
      adapter.calls.some((c) => c.method === 'PUT' && c.url === `/addresses/${work._id}/default`),
    ).toBe(true)
  })

  test('server field errors appear under their fields', async () => {
    setDeviceId(DEVICE)
    fakeApi({
      post: () => ({
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'Revisá los datos de la dirección.',
          errors: [{ name: 'number', message: 'La altura no existe en esa calle' }],
        },
      }),
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AddressPickerButton />)
    const { dialog } = await openPickerAndFindPalermo(user)
    await user.click(
      within(dialog).getByRole('option', {
        name: 'Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
      }),
    )
    await user.type(await within(dialog).findByLabelText(/^Calle/), 'Thames')
    await user.type(within(dialog).getByLabelText(/^Altura/), '99999')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar dirección' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Revisá los datos de la dirección.',
    )
    expect(within(dialog).getByLabelText(/^Altura/)).toHaveAccessibleDescription(
      'La altura no existe en esa calle',
    )
    expect(appStore.getState().selectedAddressId).toBeNull()
  })

  test('a door found by the API fills street, number and barrio, with its pin and no warning', async () => {
    setDeviceId(DEVICE)
    const door: PlaceResult = {
      formatted_address: 'Gurruchaga 1723, Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
      geometry: { location: { lat: -34.5889, lng: -58.4306 } },
      name: 'Gurruchaga 1723',
      place_id: 'door:abc',
      geocoded_by: 'georef',
    }
    const adapter = createFakeAdapter(({ method, url, data }) => {
      const path = url.split('?')[0]
      if (method === 'GET' && path === '/addresses')
        return { status: 200, data: pageOf([], { limit: 50 }) }
      if (method === 'GET' && path === '/geo/places')
        return { status: 200, data: { candidates: [door, palermo], status: 'OK' } }
      if (method === 'GET' && path === '/geo/places/door%3Aabc')
        return { status: 200, data: { result: door, status: 'OK' } }
      if (method === 'POST' && path === '/addresses') {
        const body = data as Record<string, unknown>
        return {
          status: 201,
          data: buildAddress({
            _id: 'd0000000-0000-4000-8000-00000000000e',
            isDefault: true,
            ...body,
          }),
        }
      }
      if (method === 'PUT') return { status: 200, data: buildAddress({ isDefault: true }) }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AddressPickerButton />)
    await user.click(await screen.findByRole('button', { name: 'Elegí tu dirección' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(
      await within(dialog).findByRole('combobox', { name: PLACE_SEARCH_LABEL }),
      'Gurruchaga 1723, Palermo',
    )
    await user.click(await within(dialog).findByRole('option', { name: door.formatted_address }))
    expect(await within(dialog).findByLabelText(/^Calle/)).toHaveValue('Gurruchaga')
    expect(within(dialog).getByLabelText(/^Altura/)).toHaveValue('1723')
    expect(within(dialog).getByLabelText(/^Localidad o barrio/)).toHaveValue('Palermo')
    expect(within(dialog).getByRole('group', { name: 'Mover el pin con el teclado' })).toBeVisible()
    expect(within(dialog).queryByText(APPROXIMATE_TITLE)).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Guardar dirección' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(adapter.calls.find((c) => c.method === 'POST')?.data).toMatchObject({
      street: 'Gurruchaga',
      number: '1723',
      latitude: -34.5889,
      longitude: -58.4306,
      geocodedBy: 'georef',
      placeId: 'door:abc',
    })
  })

  test('typed by hand, it saves without a point and shows where the API located it to confirm', async () => {
    setDeviceId(DEVICE)
    const located = buildAddress({
      _id: 'd0000000-0000-4000-8000-00000000000f',
      street: 'Thames',
      number: '640',
      city: 'Palermo',
      latitude: -34.5739,
      longitude: -58.4224,
      geocodedBy: 'locality',
      approximate: true,
      isDefault: true,
    })
    const adapter = createFakeAdapter(({ method, url, data }) => {
      const path = url.split('?')[0]
      if (method === 'GET' && path === '/addresses')
        return { status: 200, data: pageOf([], { limit: 50 }) }
      if (method === 'POST' && path === '/addresses') return { status: 201, data: located }
      if (method === 'PUT' && path === `/addresses/${located._id}`) {
        const body = data as Record<string, unknown>
        return { status: 200, data: { ...located, ...body, approximate: false } }
      }
      if (method === 'PUT') return { status: 200, data: located }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AddressPickerButton />)
    await user.click(await screen.findByRole('button', { name: 'Elegí tu dirección' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(
      await within(dialog).findByRole('button', { name: 'Completar los datos a mano' }),
    )
    await user.type(await within(dialog).findByLabelText(/^Calle/), 'Thames')
    await user.type(within(dialog).getByLabelText(/^Altura/), '640')
    await user.type(within(dialog).getByLabelText(/^Localidad o barrio/), 'Palermo')
    await user.click(within(dialog).getByRole('combobox', { name: /^Provincia/ }))
    await user.click(await screen.findByRole('option', { name: 'Ciudad Autónoma de Buenos Aires' }))
    await user.click(within(dialog).getByRole('button', { name: 'Guardar dirección' }))

    // Saved without a point: the API located it (only the barrio), and the pin asks to be moved.
    expect(await within(dialog).findByText('Guardamos tu dirección')).toBeInTheDocument()
    const post = adapter.calls.find((c) => c.method === 'POST')?.data as Record<string, unknown>
    expect(post).not.toHaveProperty('latitude')
    expect(post).not.toHaveProperty('geocodedBy')
    expect(within(dialog).getByText(APPROXIMATE_TITLE)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Mover el pin hacia el este' }))
    await user.click(within(dialog).getByRole('button', { name: 'Guardar dirección' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      adapter.calls.find((c) => c.method === 'PUT' && c.url === `/addresses/${located._id}`)?.data,
    ).toMatchObject({ geocodedBy: 'pin', latitude: -34.5739 })
  })

  test('a search without results says so in Spanish', async () => {
    setDeviceId(DEVICE)
    http.defaults.adapter = createFakeAdapter(({ url }) =>
      url === '/geo/places'
        ? { status: 200, data: { candidates: [], status: 'ZERO_RESULTS' } }
        : { status: 200, data: pageOf([], { limit: 50 }) },
    )
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AddressPickerButton />)
    await user.click(await screen.findByRole('button', { name: 'Elegí tu dirección' }))
    await user.type(await screen.findByRole('combobox', { name: PLACE_SEARCH_LABEL }), 'Xyzzy')
    expect(
      await screen.findByText(
        'No encontramos lugares para “Xyzzy”. Probá con calle y altura, o con el nombre de tu barrio.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
  })
})
