import { waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { watchAdminSession } from '@/features/admin-stores/utils/admin-session'
import { resolveSelectedStoreId } from '@/features/admin-stores/utils/store-selection'
import { appStore, setSelectedStoreId, setUser, wipeSession } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createQueryClient } from '@/lib/query-client'
import { STORAGE_KEYS } from '@/lib/storage'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { buildAdminStore, pageOf, STORE_A, STORE_B, STORE_C } from '@/testing/seller-fixtures'

const store = (id: string, status: 'active' | 'archived' = 'active') => ({ _id: id, status })

describe('store auto-selection (spec section 4)', () => {
  test('the only store is selected, even over a stale choice', () => {
    expect(resolveSelectedStoreId([store(STORE_A)], null)).toBe(STORE_A)
    expect(resolveSelectedStoreId([store(STORE_A)], STORE_B)).toBe(STORE_A)
  })

  test('with several stores and none chosen, the first is selected', () => {
    expect(resolveSelectedStoreId([store(STORE_B), store(STORE_A)], null)).toBe(STORE_B)
  })

  test('a valid choice among several stores is kept', () => {
    expect(resolveSelectedStoreId([store(STORE_A), store(STORE_B)], STORE_B)).toBe(STORE_B)
  })

  test('a choice that is no longer in the list falls back to the first store', () => {
    expect(resolveSelectedStoreId([store(STORE_A), store(STORE_B)], STORE_C)).toBe(STORE_A)
  })

  test('with no stores nothing is selected', () => {
    expect(resolveSelectedStoreId([], STORE_A)).toBeNull()
  })

  test('archived stores give way to active ones', () => {
    expect(resolveSelectedStoreId([store(STORE_A, 'archived'), store(STORE_B)], null)).toBe(STORE_B)
    expect(resolveSelectedStoreId([store(STORE_A, 'archived'), store(STORE_B)], STORE_A)).toBe(
      STORE_B,
    )
  })
})

describe('admin session', () => {
  test('setting an admin session loads the stores and selects the only one; wiping clears it', async () => {
    const adapter = routeAdapter({
      'GET /admin/stores': { status: 200, data: pageOf([buildAdminStore({ _id: STORE_B })]) },
    })
    http.defaults.adapter = adapter
    const queryClient = createQueryClient()
    const stop = watchAdminSession(queryClient)
    try {
      setSelectedStoreId(STORE_C) // stale choice from an earlier session
      setUser(buildUser({ userType: 'admin' }))

      await waitFor(() => expect(appStore.getState().selectedStoreId).toBe(STORE_B))
      expect(window.localStorage.getItem(STORAGE_KEYS.selectedStore)).toBe(STORE_B)
      const call = adapter.calls.find((c) => c.url === '/admin/stores')
      expect(call?.method).toBe('GET')
      // Admins do not use the cart: no cart or address headers on their requests.
      expect(call?.headers['x-cart-id']).toBeUndefined()
      expect(call?.headers['x-address-id']).toBeUndefined()

      wipeSession()
      expect(appStore.getState().selectedStoreId).toBeNull()
      expect(queryClient.getQueryData(['admin', 'stores', 'session'])).toBeUndefined()
    } finally {
      stop()
    }
  })

  test('a customer session does not ask for stores', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    const stop = watchAdminSession(createQueryClient())
    try {
      setUser(buildUser({ userType: 'customer' }))
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(adapter.calls.some((c) => c.url.startsWith('/admin'))).toBe(false)
    } finally {
      stop()
    }
  })
})
