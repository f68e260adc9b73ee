import { describe, expect, test } from 'vitest'

import { parseAuthCallbackUrl } from '@/lib/native/deep-links'
import { getPlatform, isNativePlatform } from '@/lib/native/platform'

describe('auth callback deep links', () => {
  test('the handoff is read from ar.barrio.app://auth/callback', () => {
    expect(parseAuthCallbackUrl('ar.barrio.app://auth/callback?handoff=abc123')).toBe('abc123')
    expect(parseAuthCallbackUrl('ar.barrio.app://auth/callback/?handoff=x%2By')).toBe('x+y')
  })

  test('a missing handoff, another path, another scheme or a broken URL is ignored', () => {
    expect(parseAuthCallbackUrl('ar.barrio.app://auth/callback')).toBeNull()
    expect(parseAuthCallbackUrl('ar.barrio.app://auth/callback?handoff=')).toBeNull()
    expect(parseAuthCallbackUrl('ar.barrio.app://shops/1?handoff=abc')).toBeNull()
    expect(parseAuthCallbackUrl('https://evil.example/auth/callback?handoff=abc')).toBeNull()
    expect(parseAuthCallbackUrl('not a url')).toBeNull()
  })

  test('in a browser the wrappers report the web platform', () => {
    expect(isNativePlatform()).toBe(false)
    expect(getPlatform()).toBe('web')
  })
})
