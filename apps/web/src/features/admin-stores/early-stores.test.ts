import { MAX_PAGE_SIZE } from '@barrio/contracts/constants'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { getSessionStores } from '@/api/admin/stores/get-stores'
import { fullAddress } from '@/features/admin-stores/utils/format-address'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { forgetIndexScripts, runIndexScript } from '@/testing/index-html'
import {
  buildAdminStore,
  pageOf,
  signInSeller,
  STORE_A,
  STORE_B,
  STORE_C,
} from '@/testing/seller-fixtures'

const SHELL =
  '<div id="app-shell"><div class="shell-store"><span class="shell-store-avatar"></span>' +
  '<span class="shell-store-name"></span><span class="shell-store-address"></span>' +
  '<span class="shell-store-badge"></span></div></div>'

const almacen = buildAdminStore()
const kiosco = buildAdminStore({
  _id: STORE_B,
  name: 'Kiosco La Esquina',
  isOpen: false,
  address: {
    ...almacen.address,
    street: 'Bv. Oroño',
    number: '1500',
    neighbourhood: null,
    city: 'Rosario',
    provinceCode: 'S',
    provinceName: 'Santa Fe',
  },
})
const centro = buildAdminStore({
  address: { ...almacen.address, city: 'Ciudad Autónoma de Buenos Aires' },
})
const archived = buildAdminStore({ _id: STORE_C, name: 'Depósito viejo', status: 'archived' })

/** Runs index.html's seller script at `path`, the API answering `answer` (status 200). */
function runAt(path: string, answer: unknown, { signedIn = true, status = 200 } = {}) {
  window.history.replaceState(null, '', path)
  document.cookie = signedIn ? 'user=%7B%7D; path=/' : 'user=; max-age=0; path=/'
  const requests: Array<{ url: string; headers: Record<string, string> }> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      requests.push({ url, headers: init.headers })
      return { status, json: async () => answer }
    }),
  )
  runIndexScript('__barrioAdminStores')
  return requests
}

afterEach(() => {
  vi.unstubAllGlobals()
  forgetIndexScripts()
  window.localStorage.clear()
  document.cookie = 'user=; max-age=0; path=/'
  document.documentElement.removeAttribute('data-shell-heading')
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('the seller’s stores asked for by index.html', () => {
  test('a seller page asks for every store in one page, as the app would', () => {
    window.localStorage.setItem('barrio.deviceUuid', 'device-1')
    const requests = runAt('/admin/orders', pageOf([almacen]))
    expect(requests).toEqual([
      {
        url: `/api/v1/admin/stores?page=1&limit=${MAX_PAGE_SIZE}`,
        headers: expect.objectContaining({ 'x-platform': 'web', 'x-device-id': 'device-1' }),
      },
    ])
    expect(window.__barrioAdminStores?.limit).toBe(MAX_PAGE_SIZE)
    // Only the dashboard's shell draws a store.
    expect(document.documentElement).not.toHaveAttribute('data-shell-heading')
  })

  test('without a saved user, or outside the seller pages, it asks nothing', () => {
    expect(runAt('/admin/dashboard', pageOf([almacen]), { signedIn: false })).toEqual([])
    // Nor does the shell draw the dashboard for a visitor who will be sent elsewhere.
    expect(document.documentElement).not.toHaveAttribute('data-shell-heading')
    expect(runAt('/shops/almacen', pageOf([almacen]))).toEqual([])
    expect(window.__barrioAdminStores).toBeUndefined()
  })

  test('the dashboard’s shell draws the saved store’s card, its address written as the page does', async () => {
    document.body.innerHTML = SHELL
    window.localStorage.setItem('barrio.selectedStore', STORE_B)
    runAt('/admin/dashboard', pageOf([almacen, kiosco]))
    expect(document.documentElement).toHaveAttribute('data-shell-heading', 'dashboard')
    await vi.waitFor(() => expect(document.querySelector('.shell-store')).toHaveClass('is-drawn'))
    expect(document.querySelector('.shell-store-name')).toHaveTextContent('Kiosco La Esquina')
    expect(document.querySelector('.shell-store-address')?.textContent).toBe(
      'Bv. Oroño 1500, Rosario, Santa Fe',
    )
    expect(fullAddress(kiosco.address)).toBe('Bv. Oroño 1500, Rosario, Santa Fe')
    expect(document.querySelector('.shell-store-badge')).toHaveTextContent('Cerrada')
    expect(document.querySelector('.shell-store-avatar')).toHaveTextContent('K')
    await expect(Reflect.get(window, '__barrioShellPaint')).resolves.toBeUndefined()
  })

  test('a city that is its province is written once; an archived choice gives way to an active store', async () => {
    document.body.innerHTML = SHELL
    window.localStorage.setItem('barrio.selectedStore', STORE_C)
    runAt('/admin', pageOf([archived, centro]))
    await vi.waitFor(() => expect(document.querySelector('.shell-store')).toHaveClass('is-drawn'))
    expect(document.querySelector('.shell-store-name')).toHaveTextContent('Almacén Don José')
    expect(document.querySelector('.shell-store-address')?.textContent).toBe(
      'Av. Corrientes 1234, Balvanera, Ciudad Autónoma de Buenos Aires',
    )
    expect(fullAddress(centro.address)).toBe(
      'Av. Corrientes 1234, Balvanera, Ciudad Autónoma de Buenos Aires',
    )
    expect(document.querySelector('.shell-store-badge')).toHaveTextContent('Abierta ahora')
  })

  test('a refused request draws nothing and lets the app start at once', async () => {
    // The 2 s cap never fires here, so the gate can only open because the script opened it.
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      document.body.innerHTML = SHELL
      runAt('/admin/dashboard', { code: 'USER_NOT_ADMIN' }, { status: 403 })
      await expect(Reflect.get(window, '__barrioShellPaint')).resolves.toBeUndefined()
      expect(document.querySelector('.shell-store')).not.toHaveClass('is-drawn')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the app’s first load of the seller’s stores', () => {
  test('takes the early answer once, without asking the API', async () => {
    signInSeller(STORE_A)
    runAt('/admin/dashboard', pageOf([almacen, kiosco], { limit: MAX_PAGE_SIZE }))
    const adapter = createFakeAdapter(() => ({ status: 200, data: pageOf([kiosco]) }))
    http.defaults.adapter = adapter
    expect((await getSessionStores()).map((s) => s._id)).toEqual([STORE_A, STORE_B])
    expect(adapter.calls).toEqual([])
    // Later loads ask the API.
    expect((await getSessionStores()).map((s) => s._id)).toEqual([STORE_B])
    expect(adapter.calls).toHaveLength(1)
  })

  test('asks the API when the early request failed or answered something else', async () => {
    signInSeller(STORE_A)
    runAt('/admin/dashboard', { unexpected: true })
    const adapter = createFakeAdapter(() => ({ status: 200, data: pageOf([almacen]) }))
    http.defaults.adapter = adapter
    expect((await getSessionStores()).map((s) => s._id)).toEqual([STORE_A])
    expect(adapter.calls.map((c) => c.url)).toEqual(['/admin/stores'])
  })

  test('a customer’s session does not take a seller answer', async () => {
    setUser(buildUser({ userType: 'customer' }))
    runAt('/admin/dashboard', pageOf([almacen]))
    await expect(getSessionStores()).rejects.toMatchObject({ code: 'USER_NOT_ADMIN' })
  })
})
