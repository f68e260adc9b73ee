import { NO_OWNER_MESSAGE } from '@barrio/contracts/addresses'
import { describe, expect, test, vi } from 'vitest'

import { createAddress } from '@/features/addresses/api/create-address'
import { getAddresses } from '@/features/addresses/api/get-addresses'
import { loadAddresses } from '@/features/addresses/api/load-addresses'
import { selectAddress } from '@/features/addresses/api/select-address'
import { syncOfflineAddresses } from '@/features/addresses/api/sync-offline-addresses'
import { pickAddressToSelect } from '@/features/addresses/utils/address-selection'
import { readOfflineEntries } from '@/features/addresses/utils/offline-addresses'
import { appStore, setDeviceId, setSelectedAddressId, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createQueryClient } from '@/lib/query-client'
import { STORAGE_KEYS } from '@/lib/storage'
import { createFakeAdapter, routeAdapter } from '@/testing/fake-adapter'
import { buildAddress, pageOf } from '@/testing/discovery-fixtures'
import { buildUser } from '@/testing/fixtures'

const DEVICE = '0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90'
const casa = buildAddress({ _id: 'a0000000-0000-4000-8000-00000000000a', label: 'Casa' })
const trabajo = buildAddress({
  _id: 'b0000000-0000-4000-8000-00000000000b',
  label: 'Trabajo',
  street: 'Florida',
  number: '100',
  city: 'San Nicolás',
})

describe('the load rule: the default address, else the first (spec section 4)', () => {
  test('pickAddressToSelect', () => {
    expect(pickAddressToSelect([casa, { ...trabajo, isDefault: true }])?._id).toBe(trabajo._id)
    expect(pickAddressToSelect([casa, trabajo])?._id).toBe(casa._id)
    expect(pickAddressToSelect([])).toBeNull()
  })

  test('loading the list selects the default, keeps it in storage and sends it as x-address-id', async () => {
    setDeviceId(DEVICE)
    const adapter = routeAdapter({
      'GET /addresses': {
        status: 200,
        data: pageOf([casa, { ...trabajo, isDefault: true }], { limit: 50 }),
      },
      'GET /stores': { status: 200, data: pageOf([]) },
    })
    http.defaults.adapter = adapter

    await loadAddresses(createQueryClient())

    expect(appStore.getState().selectedAddressId).toBe(trabajo._id)
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAddress)).toBe(trabajo._id)
    expect(adapter.calls[0]?.headers['x-device-id']).toBe(DEVICE)
    await http.get('/stores')
    expect(adapter.calls[1]?.headers['x-address-id']).toBe(trabajo._id)
  })

  test('without a default the first address is selected; an empty list clears the selection', async () => {
    setDeviceId(DEVICE)
    setSelectedAddressId('gone')
    http.defaults.adapter = routeAdapter({
      'GET /addresses': { status: 200, data: pageOf([casa, trabajo], { limit: 50 }) },
    })
    await loadAddresses(createQueryClient())
    expect(appStore.getState().selectedAddressId).toBe(casa._id)

    http.defaults.adapter = routeAdapter({
      'GET /addresses': { status: 200, data: pageOf([], { limit: 50 }) },
    })
    await loadAddresses(createQueryClient())
    expect(appStore.getState().selectedAddressId).toBeNull()
  })

  test('a signed-in user needs no device id', async () => {
    setUser(buildUser())
    http.defaults.adapter = routeAdapter({
      'GET /addresses': {
        status: 200,
        data: pageOf([{ ...casa, isDefault: true }], { limit: 50 }),
      },
    })
    await expect(getAddresses()).resolves.toMatchObject({ totalDocs: 1 })
  })
})

describe('selecting another address (spec section 4)', () => {
  test('marks it default on the server and clears the cart token', async () => {
    setDeviceId(DEVICE)
    setSelectedAddressId(casa._id)
    window.localStorage.setItem(STORAGE_KEYS.cartToken, 'cart-123')
    const adapter = routeAdapter({
      [`PUT /addresses/${trabajo._id}/default`]: {
        status: 200,
        data: { ...trabajo, isDefault: true },
      },
    })
    http.defaults.adapter = adapter

    await selectAddress(trabajo)

    expect(adapter.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `PUT /addresses/${trabajo._id}/default`,
    ])
    expect(appStore.getState().selectedAddressId).toBe(trabajo._id)
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAddress)).toBe(trabajo._id)
    expect(window.localStorage.getItem(STORAGE_KEYS.cartToken)).toBeNull()
  })

  test('choosing the address that is already selected and default changes nothing', async () => {
    setDeviceId(DEVICE)
    setSelectedAddressId(casa._id)
    window.localStorage.setItem(STORAGE_KEYS.cartToken, 'cart-123')
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter

    await selectAddress({ ...casa, isDefault: true })

    expect(adapter.calls).toHaveLength(0)
    expect(window.localStorage.getItem(STORAGE_KEYS.cartToken)).toBe('cart-123')
  })

  test('a refused PUT keeps the previous selection and the cart', async () => {
    setDeviceId(DEVICE)
    setSelectedAddressId(casa._id)
    window.localStorage.setItem(STORAGE_KEYS.cartToken, 'cart-123')
    http.defaults.adapter = routeAdapter({})
    await expect(selectAddress(trabajo)).rejects.toMatchObject({ statusCode: 404 })
    expect(appStore.getState().selectedAddressId).toBe(casa._id)
    expect(window.localStorage.getItem(STORAGE_KEYS.cartToken)).toBe('cart-123')
  })
})

describe('no user and no device id', () => {
  test('fetching addresses fails on the client before any request', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    expect(appStore.getState()).toMatchObject({ isLoggedIn: false, deviceId: null })

    await expect(getAddresses()).rejects.toThrow(NO_OWNER_MESSAGE)
    await expect(loadAddresses(createQueryClient())).rejects.toThrow(
      'User is not logged in and deviceId not set...',
    )
    await expect(selectAddress(trabajo)).rejects.toThrow(NO_OWNER_MESSAGE)
    expect(adapter.calls).toHaveLength(0)
  })
})

describe('offline addresses', () => {
  const input = {
    label: 'Casa',
    street: 'Thames',
    number: '640',
    city: 'Villa Crespo',
    provinceCode: 'C' as const,
    latitude: -34.5968,
    longitude: -58.4379,
  }

  test('a network failure keeps the address on the device; it is sent when the API is back', async () => {
    setDeviceId(DEVICE)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    http.defaults.adapter = createFakeAdapter(() => ({ networkError: true }))

    const offline = await createAddress(input)
    expect(offline._id).toMatch(/^offline-/)
    expect(offline.formattedAddress).toBe(
      'Thames 640, Villa Crespo, Ciudad Autónoma de Buenos Aires',
    )
    expect(readOfflineEntries()).toHaveLength(1)

    // Still offline: the list is the offline one and it selects the first address.
    await loadAddresses(createQueryClient())
    expect(appStore.getState().selectedAddressId).toBe(offline._id)
    expect(readOfflineEntries()).toHaveLength(1)

    const created = buildAddress({
      _id: 'c0000000-0000-4000-8000-00000000000c',
      street: 'Thames',
      number: '640',
      isDefault: true,
    })
    const adapter = routeAdapter({
      'POST /addresses': { status: 201, data: created },
      'GET /addresses': { status: 200, data: pageOf([created], { limit: 50 }) },
    })
    http.defaults.adapter = adapter

    await expect(syncOfflineAddresses()).resolves.toEqual({ synced: 1, remaining: 0 })
    expect(adapter.calls[0]).toMatchObject({ method: 'POST', url: '/addresses' })
    expect(adapter.calls[0]?.data).toMatchObject({ street: 'Thames', number: '640' })
    expect(readOfflineEntries()).toHaveLength(0)
    expect(window.localStorage.getItem(STORAGE_KEYS.offlineAddresses)).toBeNull()
    // The selection follows the address to its server id.
    expect(appStore.getState().selectedAddressId).toBe(created._id)
  })
})
