import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import {
  MERCHANT_VERIFY_EMAIL_TITLE,
  MerchantApplicationSection,
} from '@/features/account/components/merchant-application'
import { formatCuitInput } from '@/lib/cuit'
import {
  LOCATION_PIN_LABELS,
  nudgePoint,
  PIN_REQUIRED_MESSAGE,
  PIN_STEP_METRES,
  PLACE_REQUIRED_MESSAGE,
} from '@/components/maps/location-pin-field'
import { appStore, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { readUserCookie } from '@/lib/storage'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'

const VALID_CUIT = '20123456786'

async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: option, hidden: true }))
}

/** Clicks a field and pastes into it: one input event, as when a value is pasted or autofilled. */
async function paste(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  await user.click(screen.getByLabelText(label))
  await user.paste(value)
}

/** The place lookup's answer (the API's gazetteer, GET /geo/places) for the shop's address. */
const PLACES = {
  'GET /geo/places': {
    status: 200,
    data: {
      status: 'OK',
      candidates: [
        {
          formatted_address: 'Av. Corrientes 1234, Balvanera, C1043 CABA, Argentina',
          geometry: { location: { lat: -34.6037221, lng: -58.3815931 } },
          name: 'Av. Corrientes 1234',
          place_id: 'p1',
        },
      ],
    },
  },
}

/** Types the address, looks it up, takes the place and confirms its pin on the map. */
async function locate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: LOCATION_PIN_LABELS.searchButton }))
  await user.click(
    await screen.findByRole('button', {
      name: 'Usar Av. Corrientes 1234, Balvanera, C1043 CABA, Argentina',
    }),
  )
  await user.click(screen.getByRole('checkbox', { name: LOCATION_PIN_LABELS.confirm }))
}

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  cuit = VALID_CUIT,
  { located = true } = {},
) {
  await paste(user, /^Nombre del comercio/, 'Almacén Lucía')
  await paste(user, /^CUIT/, cuit)
  await pick(user, /^Rubro/, 'Almacén')
  await paste(user, /^Calle/, 'Av. Corrientes')
  await paste(user, /^Altura/, '1234')
  await paste(user, /^Localidad/, 'CABA')
  await pick(user, /^Provincia/, 'Ciudad Autónoma de Buenos Aires')
  if (located) await locate(user)
}

function application(status: 'approved' | 'pending') {
  return {
    application: {
      _id: 'app_1',
      status,
      businessName: 'Almacén Lucía',
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    user: buildUser({
      userType: status === 'approved' ? 'admin' : 'customer',
      merchantApproved: status === 'approved',
    }),
  }
}

describe('merchant application', () => {
  test('the CUIT is formatted while typing and its check digit is validated on the client', async () => {
    expect(formatCuitInput('20123456786')).toBe('20-12345678-6')
    expect(formatCuitInput('20-1234')).toBe('20-1234')
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    const customer = buildUser()
    setUser(customer)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MerchantApplicationSection user={customer} />)

    await fillForm(user, '20123456787', { located: false })
    const cuit = screen.getByLabelText(/^CUIT/)
    expect(cuit).toHaveValue('20-12345678-7')
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))
    expect(cuit).toHaveAccessibleDescription(
      expect.stringContaining('El CUIT no es válido (revisá el dígito verificador)'),
    )
    expect(adapter.calls).toHaveLength(0)

    await user.clear(cuit)
    await user.type(cuit, '2012345')
    expect(cuit).toHaveValue('20-12345')
    await user.tab()
    expect(cuit).toHaveAccessibleDescription(expect.stringContaining('El CUIT tiene 11 números'))
  })

  test('an approved application turns the user into a seller and offers the seller panel', async () => {
    const adapter = routeAdapter({
      ...PLACES,
      'POST /account/u_1/apply_for_merchant': { status: 201, data: application('approved') },
    })
    http.defaults.adapter = adapter
    const customer = buildUser()
    setUser(customer)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MerchantApplicationSection user={customer} />)

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))

    const status = await screen.findByRole('status', { name: '¡Tu comercio ya está habilitado!' })
    expect(status).toHaveTextContent('Almacén Lucía ya puede vender en Barrio.')
    // The located point goes with the application: the first store is created from it.
    expect(adapter.calls.find((c) => c.method === 'POST')?.data).toEqual({
      businessName: 'Almacén Lucía',
      cuit: VALID_CUIT,
      phone: '+5491123456789',
      street: 'Av. Corrientes',
      number: '1234',
      city: 'Balvanera',
      postalCode: '1043',
      provinceCode: 'C',
      category: 'almacen',
      latitude: -34.603722,
      longitude: -58.381593,
    })
    expect(appStore.getState()).toMatchObject({ appType: 'admin', isLoggedIn: true })
    expect(readUserCookie()?.userType).toBe('admin')
    expect(screen.getByRole('link', { name: 'Ir al panel de vendedor' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    )
  })

  test('a pending application says it is under review and the user stays a customer', async () => {
    http.defaults.adapter = routeAdapter({
      ...PLACES,
      'POST /account/u_1/apply_for_merchant': { status: 201, data: application('pending') },
    })
    const customer = buildUser()
    setUser(customer)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MerchantApplicationSection user={customer} />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))

    expect(
      await screen.findByRole('status', { name: 'Tu solicitud está en revisión' }),
    ).toHaveTextContent('Recibimos los datos de Almacén Lucía.')
    expect(appStore.getState().appType).toBe('customer')
    expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).not.toBeInTheDocument()
  })

  test('a conflict (already applied) shows the server message', async () => {
    http.defaults.adapter = routeAdapter({
      ...PLACES,
      'POST /account/u_1/apply_for_merchant': {
        status: 409,
        data: {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Ya tenés una solicitud en revisión.',
        },
      },
    })
    const customer = buildUser()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MerchantApplicationSection user={customer} />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya tenés una solicitud en revisión.',
    )
  })

  test('an unverified e-mail (403 EMAIL_NOT_VERIFIED) keeps the session and offers a new verification link', async () => {
    const message =
      'Antes de vender en Barrio verificá tu correo lucia@example.com: abrí el enlace que te enviamos o pedí uno nuevo.'
    const adapter = routeAdapter({
      ...PLACES,
      'POST /account/u_1/apply_for_merchant': {
        status: 403,
        data: { statusCode: 403, code: 'EMAIL_NOT_VERIFIED', message },
      },
      'POST /auth/verify-email/resend': {
        status: 200,
        data: { message: 'Te enviamos un enlace de verificación a lucia@example.com.' },
      },
    })
    http.defaults.adapter = adapter
    const customer = buildUser({ emailVerified: false })
    setUser(customer)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MerchantApplicationSection user={customer} />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(MERCHANT_VERIFY_EMAIL_TITLE)
    expect(alert).toHaveTextContent(message)
    // A plain 403 here is the form's answer, not a dead session.
    expect(appStore.getState()).toMatchObject({ isLoggedIn: true, user: { _id: 'u_1' } })

    await user.click(within(alert).getByRole('button', { name: 'Reenviar correo de verificación' }))
    expect(await within(alert).findByRole('status')).toHaveTextContent(
      'Te enviamos un enlace de verificación a lucia@example.com.',
    )
  })

  test('a member of another store’s team (seller area, no merchant) may apply; a merchant may not', async () => {
    http.defaults.adapter = routeAdapter({})
    const member = buildUser({ userType: 'admin', merchantApproved: false })
    const { unmount } = renderWithProviders(<MerchantApplicationSection user={member} />)
    expect(screen.getByRole('button', { name: 'Enviar solicitud' })).toBeInTheDocument()
    expect(screen.queryByText(/Ya vendés en Barrio/)).not.toBeInTheDocument()
    unmount()
    const merchant = buildUser({ userType: 'admin', merchantApproved: true })
    renderWithProviders(<MerchantApplicationSection user={merchant} />)
    expect(await screen.findByText(/Ya vendés en Barrio/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).not.toBeInTheDocument()
  })

  test('required fields are reported in Spanish next to each field', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MerchantApplicationSection user={buildUser({ phone: null })} />)
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))
    const form = screen.getByRole('form', { name: 'Quiero vender en Barrio' })
    await waitFor(() =>
      expect(screen.getByLabelText(/^Nombre del comercio/)).toHaveAccessibleDescription(
        'Ingresá el nombre del comercio',
      ),
    )
    expect(within(form).getByText('Elegí un rubro')).toBeInTheDocument()
    expect(within(form).getByText('Ingresá un teléfono')).toBeInTheDocument()
    expect(within(form).getByText(PLACE_REQUIRED_MESSAGE)).toBeInTheDocument()
    expect(adapter.calls).toHaveLength(0)
  })

  test('server field errors show under their fields, the point’s at the place search, and the first one takes the focus', async () => {
    http.defaults.adapter = routeAdapter({
      ...PLACES,
      'POST /account/u_1/apply_for_merchant': {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'Revisá los datos de tu comercio.',
          errors: [
            { name: 'businessName', message: 'Ya hay un comercio con ese nombre en tu barrio' },
            { name: 'latitude', message: 'Ese punto queda fuera de la Argentina' },
          ],
        },
      },
    })
    const customer = buildUser()
    setUser(customer)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MerchantApplicationSection user={customer} />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))

    const name = screen.getByLabelText(/^Nombre del comercio/)
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Ya hay un comercio con ese nombre en tu barrio'),
    )
    await waitFor(() => expect(name).toHaveFocus())
    expect(
      screen.getByRole('textbox', { name: LOCATION_PIN_LABELS.search }),
    ).toHaveAccessibleDescription(expect.stringContaining('Ese punto queda fuera de la Argentina'))
    expect(screen.getByRole('alert')).toHaveTextContent('Revisá los datos de tu comercio.')
  })

  test('the shop is located with the place lookup and the map pin before the application is sent', async () => {
    const adapter = routeAdapter({
      ...PLACES,
      'POST /account/u_1/apply_for_merchant': { status: 201, data: application('pending') },
    })
    http.defaults.adapter = adapter
    const customer = buildUser()
    setUser(customer)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MerchantApplicationSection user={customer} />)
    await fillForm(user, VALID_CUIT, { located: false })
    // No typed coordinates anywhere.
    expect(screen.queryByLabelText(/Latitud|Longitud/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))
    expect(await screen.findByText(PLACE_REQUIRED_MESSAGE)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: LOCATION_PIN_LABELS.searchButton }))
    await user.click(
      await screen.findByRole('button', {
        name: 'Usar Av. Corrientes 1234, Balvanera, C1043 CABA, Argentina',
      }),
    )
    expect(
      await screen.findByRole('region', { name: LOCATION_PIN_LABELS.map }, { timeout: 20_000 }),
    ).toBeInTheDocument()
    // An unconfirmed pin is not sent.
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))
    expect(await screen.findByText(PIN_REQUIRED_MESSAGE)).toBeInTheDocument()
    expect(adapter.calls.some((c) => c.method === 'POST')).toBe(false)

    // The keyboard's arrow buttons move the pin; the moved point is what is sent.
    await user.click(screen.getByRole('button', { name: LOCATION_PIN_LABELS.south }))
    await user.click(screen.getByRole('checkbox', { name: LOCATION_PIN_LABELS.confirm }))
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }))
    await screen.findByRole('status', { name: 'Tu solicitud está en revisión' })
    const south = nudgePoint(-34.603722, -58.381593, -PIN_STEP_METRES, 0)
    expect(south.latitude).toBeLessThan(-34.603722)
    expect(adapter.calls.find((c) => c.method === 'POST')?.data).toMatchObject({
      latitude: south.latitude,
      longitude: -58.381593,
    })
  })
})
