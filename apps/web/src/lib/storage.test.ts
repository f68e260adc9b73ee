import { describe, expect, test } from 'vitest'

import {
  clearUserCookie,
  parseSavedUser,
  readUserCookie,
  STORAGE_KEYS,
  writeUserCookie,
} from '@/lib/storage'
import { buildUser } from '@/testing/fixtures'

describe('storage keys', () => {
  test('every key of spec section 3 is namespaced', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'barrio.selectedStore',
      'barrio.selectedAddress',
      'barrio.selectedAddressPoint',
      'barrio.offlineAddresses',
      'barrio.nightMode',
      'barrio.cartToken',
      'barrio.deviceUuid',
      'barrio.deviceToken',
      'barrio.pushToken',
      'barrio.pushTokenUser',
      'barrio.appType',
      'barrio.recentSearches',
    ])
  })
})

describe('the user cookie', () => {
  const saved = { _id: 'u_1', userType: 'customer', firstName: 'Lucía', email: 'lucia@example.com' }

  test('accepts a JSON string, a URI-encoded JSON string, an Express j: value and an object', () => {
    expect(parseSavedUser(JSON.stringify(saved))?._id).toBe('u_1')
    expect(parseSavedUser(encodeURIComponent(JSON.stringify(saved)))?._id).toBe('u_1')
    expect(parseSavedUser(`j:${JSON.stringify(saved)}`)?._id).toBe('u_1')
    expect(parseSavedUser(saved)?.firstName).toBe('Lucía')
  })

  test('accepts `id` in place of `_id` and fills the missing fields', () => {
    expect(parseSavedUser({ id: 'u_2', userType: 'admin', email: 'a@b.c' })).toEqual({
      _id: 'u_2',
      userType: 'admin',
      needsProfile: false,
      firstName: null,
      lastName: null,
      userName: null,
      phone: null,
      email: 'a@b.c',
      // A cookie from before e-mail verification: unknown counts as not verified until the
      // next session read refreshes it.
      emailVerified: false,
      // Likewise a cookie from before merchant approval was its own flag (issue 22).
      merchantApproved: false,
    })
  })

  test('rejects broken or incomplete values', () => {
    expect(parseSavedUser('')).toBeNull()
    expect(parseSavedUser('{oops')).toBeNull()
    expect(parseSavedUser({ userType: 'customer', email: 'x@y.z' })).toBeNull()
    expect(parseSavedUser({ _id: 'u', userType: 'superuser', email: 'x@y.z' })).toBeNull()
    expect(parseSavedUser(null)).toBeNull()
  })

  test('write, read and clear round-trip through document.cookie', () => {
    const user = buildUser()
    writeUserCookie(user)
    expect(readUserCookie()).toEqual(user)
    clearUserCookie()
    expect(readUserCookie()).toBeNull()
  })
})
