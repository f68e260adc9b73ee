import type { TotpEnrolment } from '@barrio/contracts/operator'
import type { OperatorOverview } from '@barrio/contracts/operator-overview'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { routes } from '@/app/router'
import { appStore, setUser, type AppState } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { pageOf } from '@/testing/seller-fixtures'
import { recordDownloads } from '@/testing/record-downloads'
import { renderRouter } from '@/testing/render'

// Issue 24: an operator's second factor, enrolled on the first sign-in and confirmed at each one.

const ENROLMENT: TotpEnrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl: 'otpauth://totp/Barrio:ana@barrio.ar?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Barrio',
  qrSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
}
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcd-${1000 + index}`)
const WRONG_CODE_MESSAGE = 'El código no es válido o ya venció.'

/** The operator's home (decision 048) for a range without orders. */
function quietCity(range: { from: string; to: string }): OperatorOverview {
  const zero = { gmv: 0, orders: 0, commission: 0, cancelled: 0 }
  return {
    ...range,
    totals: {
      ...zero,
      averageTicket: 0,
      cancellationRate: 0,
      activeStores: 0,
      listedStores: 0,
      newStores: 0,
      newCustomers: 0,
    },
    series: [{ date: range.to, ...zero }],
    byProvince: [],
    byCity: [],
    byCategory: [],
    topStores: [],
  }
}

function serveSecondFactor({ recoveryCodes = RECOVERY_CODES as string[] | null } = {}) {
  const adapter = createFakeAdapter(({ method, url, data, config }): FakeReply => {
    if (method === 'POST' && url === '/auth/totp/enrol') return { status: 200, data: ENROLMENT }
    if (method === 'POST' && url === '/auth/totp/verify') {
      const { code } = data as { code: string }
      if (code === '123456' || code === 'abcd-9999')
        return { status: 200, data: { secondFactor: 'done', recoveryCodes } }
      return {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID_OTP',
          message: WRONG_CODE_MESSAGE,
          errors: [{ name: 'code', message: WRONG_CODE_MESSAGE }],
        },
      }
    }
    if (method === 'GET' && url === '/operator/merchant-applications')
      return { status: 200, data: pageOf([]) }
    if (method === 'GET' && url === '/operator/overview')
      return { status: 200, data: quietCity(config.params as { from: string; to: string }) }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

function signInOperator(secondFactor: 'enrol' | 'verify' | 'done') {
  setUser(buildUser({ userType: 'operator', email: 'ana@barrio.ar', secondFactor }))
}

async function renderApp(url: string, state: Partial<AppState> = {}) {
  appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false, ...state })
  const result = renderRouter(routes, { url })
  await screen.findByRole('main')
  return result
}

describe('enrolling the second factor', () => {
  test('an operator who must enrol is sent to the enrolment page from anywhere', async () => {
    serveSecondFactor()
    signInOperator('enrol')
    const { router } = await renderApp('/operator/merchants')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activá tu segundo factor' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/operator/security/enrol')
    // Until the factor is confirmed only the way out is offered.
    expect(screen.getByText('Barrio Operación')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument()
    expect(
      screen.queryByRole('navigation', { name: 'Secciones de operación' }),
    ).not.toBeInTheDocument()
  })

  test('QR and key, a wrong code under the field, then the recovery codes once, and on', async () => {
    const adapter = serveSecondFactor()
    const downloads = recordDownloads()
    signInOperator('enrol')
    const user = userEvent.setup()
    const { router } = await renderApp('/operator/security/enrol')

    const qr = await screen.findByRole('img', { name: 'Código QR para tu app de autenticación' })
    // The server's SVG is shown as a picture, never as markup in the page.
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(atob(qr.getAttribute('src')!.split(',')[1]!)).toBe(ENROLMENT.qrSvg)
    expect(document.querySelector('rect')).toBeNull()
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copiar clave' })).toBeInTheDocument()

    const field = screen.getByRole('textbox', { name: /Código de 6 números/ })
    expect(field).toHaveAttribute('inputmode', 'numeric')
    expect(field).toHaveAttribute('autocomplete', 'one-time-code')
    await user.type(field, '111111')
    await user.click(screen.getByRole('button', { name: 'Activar' }))
    expect(await screen.findAllByText(WRONG_CODE_MESSAGE)).not.toHaveLength(0)
    expect(field).toHaveAttribute('aria-invalid', 'true')

    await user.clear(field)
    await user.type(field, '123456')
    await user.click(screen.getByRole('button', { name: 'Activar' }))
    const list = await screen.findByRole('list', { name: 'Códigos de recuperación' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES)
    expect(adapter.calls.filter((call) => call.url === '/auth/totp/verify').at(-1)?.data).toEqual({
      code: '123456',
    })
    expect(appStore.getState().user?.secondFactor).toBe('done')

    await user.click(screen.getByRole('button', { name: 'Descargar' }))
    expect(downloads).toHaveLength(1)
    expect(downloads[0]!.fileName).toBe('barrio-codigos-de-recuperacion.txt')
    expect(await downloads[0]!.blob.text()).toContain('abcd-1009')

    // Straight to the operator's home, the overview of the city (decision 048).
    await user.click(screen.getByRole('button', { name: 'Ya los guardé' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'La ciudad' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/operator')
    expect(screen.getByRole('navigation', { name: 'Secciones de operación' })).toBeInTheDocument()
  })
})

describe('confirming the second factor at sign-in', () => {
  test('a wrong code reads under the field; a recovery code goes where they were going', async () => {
    serveSecondFactor({ recoveryCodes: null })
    signInOperator('verify')
    const user = userEvent.setup()
    const { router } = await renderApp('/operator/merchants?status=approved')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmá que sos vos' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/operator/security/verify')

    const field = screen.getByRole('textbox', { name: /Código de la app o de recuperación/ })
    await user.type(field, '000000')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findAllByText(WRONG_CODE_MESSAGE)).not.toHaveLength(0)
    expect(field).toHaveAttribute('aria-invalid', 'true')

    await user.clear(field)
    await user.type(field, 'abcd-9999')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Comercios' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/operator/merchants')
    expect(router.state.location.search).toBe('?status=approved')
  })

  test('a code that is not one reads the contract message without asking the server', async () => {
    const adapter = serveSecondFactor()
    signInOperator('verify')
    const user = userEvent.setup()
    await renderApp('/operator/security/verify')
    await user.type(
      await screen.findByRole('textbox', { name: /Código de la app o de recuperación/ }),
      '12',
    )
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(
      await screen.findByText('Ingresá los 6 números de la app o un código de recuperación'),
    ).toBeInTheDocument()
    expect(adapter.calls.filter((call) => call.url === '/auth/totp/verify')).toHaveLength(0)
  })
})

describe('who reaches the operator area', () => {
  test('a customer opening /operator lands on /unauthorized', async () => {
    serveSecondFactor()
    setUser(buildUser({ userType: 'customer' }))
    const { router } = await renderApp('/operator/merchants')
    expect(
      await screen.findByRole('heading', { name: 'No tenés acceso a esta sección' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/unauthorized')
  })

  test('a signed-in operator opening the home page lands on the overview of the city', async () => {
    serveSecondFactor()
    signInOperator('done')
    const { router } = await renderApp('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'La ciudad' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/operator')
    // The overview is the current section of the nav, and only it.
    const nav = screen.getByRole('navigation', { name: 'Secciones de operación' })
    expect(within(nav).getByRole('link', { name: 'La ciudad' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Comercios' })).not.toHaveAttribute('aria-current')
  })

  test('an operator whose factor is done is not shown the enrolment again', async () => {
    const adapter = serveSecondFactor()
    signInOperator('done')
    const { router } = await renderApp('/operator/security/enrol')
    expect(await screen.findByRole('heading', { level: 1, name: 'La ciudad' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/operator')
    expect(adapter.calls.filter((call) => call.url === '/auth/totp/enrol')).toHaveLength(0)
  })
})

describe('the operator app on shared pages', () => {
  test('an operator reading the help page keeps the operator layout, without cart or address', async () => {
    const adapter = serveSecondFactor()
    signInOperator('done')
    await renderApp('/help')
    expect(await screen.findByText('Barrio Operación')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Secciones de operación' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /carrito/i })).not.toBeInTheDocument()
    expect(adapter.calls.map((call) => call.url)).not.toContain('/cart')
  })
})
