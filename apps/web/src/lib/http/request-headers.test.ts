import { describe, expect, test } from 'vitest'

import {
  appStore,
  setDeviceId,
  setSelectedAddressId,
  setSelectedStoreId,
  setUser,
} from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { buildRequestHeaders, type RequestContext } from '@/lib/http/request-headers'
import { STORAGE_KEYS } from '@/lib/storage'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'

const base: RequestContext = {
  deviceId: 'dev-1',
  deviceToken: 'tok-1',
  platform: 'web',
  appType: 'customer',
  selectedStoreId: 'store-9',
  cartId: 'cart-7',
  selectedAddressId: 'addr-3',
}

describe('buildRequestHeaders', () => {
  test('every request carries device id, platform and language', () => {
    const headers = buildRequestHeaders({ ...base, platform: 'android' })
    expect(headers['x-device-id']).toBe('dev-1')
    expect(headers['x-device-token']).toBe('tok-1')
    expect(headers['x-platform']).toBe('android')
    expect(headers['accept-language']).toBe('es-AR')
  })

  test('customer requests send cart and address, never the store', () => {
    const headers = buildRequestHeaders(base)
    expect(headers['x-cart-id']).toBe('cart-7')
    expect(headers['x-address-id']).toBe('addr-3')
    expect(headers).not.toHaveProperty('x-store-id')
  })

  test('admin requests send the selected store, never cart or address', () => {
    const headers = buildRequestHeaders({ ...base, appType: 'admin' })
    expect(headers['x-store-id']).toBe('store-9')
    expect(headers).not.toHaveProperty('x-cart-id')
    expect(headers).not.toHaveProperty('x-address-id')
  })

  test('headers without a value are left out', () => {
    const headers = buildRequestHeaders({
      ...base,
      deviceId: null,
      deviceToken: null,
      cartId: null,
      selectedAddressId: null,
    })
    expect(headers).not.toHaveProperty('x-device-id')
    expect(headers).not.toHaveProperty('x-device-token')
    expect(headers).not.toHaveProperty('x-cart-id')
    expect(headers).not.toHaveProperty('x-address-id')
  })
})

describe('the app client reads the headers from the app state', () => {
  test('a customer request carries device id, platform, cart token and selected address', async () => {
    const adapter = routeAdapter({ 'GET /cart': { status: 200, data: {} } })
    http.defaults.adapter = adapter
    setDeviceId('6f1c1f7e-4a43-4f5b-9a2a-1d0c3a1b2c3d')
    setSelectedAddressId('addr-1')
    setSelectedStoreId('store-1')
    window.localStorage.setItem(STORAGE_KEYS.cartToken, 'cart-1')

    await http.get('/cart')

    const headers = adapter.calls[0]?.headers ?? {}
    expect(headers['x-device-id']).toBe('6f1c1f7e-4a43-4f5b-9a2a-1d0c3a1b2c3d')
    expect(headers['x-platform']).toBe('web')
    expect(headers['accept-language']).toBe('es-AR')
    expect(headers['x-cart-id']).toBe('cart-1')
    expect(headers['x-address-id']).toBe('addr-1')
    expect(headers['x-store-id']).toBeUndefined()
  })

  test('once an admin signs in, requests carry the store and drop cart and address', async () => {
    const adapter = routeAdapter({ 'GET /admin/orders': { status: 200, data: {} } })
    http.defaults.adapter = adapter
    setSelectedAddressId('addr-1')
    window.localStorage.setItem(STORAGE_KEYS.cartToken, 'cart-1')
    setUser(buildUser({ userType: 'admin' }))
    setSelectedStoreId('store-1')
    expect(appStore.getState().appType).toBe('admin')

    await http.get('/admin/orders')

    const headers = adapter.calls[0]?.headers ?? {}
    expect(headers['x-store-id']).toBe('store-1')
    expect(headers['x-cart-id']).toBeUndefined()
    expect(headers['x-address-id']).toBeUndefined()
  })
})
