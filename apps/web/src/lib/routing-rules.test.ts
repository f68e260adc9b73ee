import { describe, expect, test } from 'vitest'

import {
  appHomePath,
  isCustomerOnlyRoute,
  isOperatorRoute,
  isSecondFactorPath,
  isSellerRoute,
  resolveRouteRedirect,
  type RoutingContext,
} from '@/lib/routing-rules'

const web = (pathname: string, overrides: Partial<RoutingContext> = {}): RoutingContext => ({
  pathname,
  appType: 'customer',
  isNative: false,
  isLoggedIn: false,
  needsProfile: false,
  ...overrides,
})
const native = (pathname: string, overrides: Partial<RoutingContext> = {}) =>
  web(pathname, { isNative: true, ...overrides })

describe('app-type rules (web and native)', () => {
  test('any path containing /admin is a seller route', () => {
    expect(isSellerRoute('/admin')).toBe(true)
    expect(isSellerRoute('/admin/dashboard')).toBe(true)
    expect(isSellerRoute('/admin/settings/taxes/')).toBe(true)
    expect(isSellerRoute('/shops/admin')).toBe(true)
    expect(isSellerRoute('/administracion')).toBe(false)
    expect(isSellerRoute('/shops/1')).toBe(false)
  })

  test.each(['/admin/dashboard', '/admin/orders/42', '/admin/settings/shipping', '/admin'])(
    'a customer opening the seller route %s goes to /unauthorized',
    (pathname) => {
      expect(resolveRouteRedirect(web(pathname))).toBe('/unauthorized')
      expect(resolveRouteRedirect(web(pathname, { isLoggedIn: true }))).toBe('/unauthorized')
    },
  )

  test('an admin may open seller routes', () => {
    expect(
      resolveRouteRedirect(web('/admin/orders', { appType: 'admin', isLoggedIn: true })),
    ).toBeNull()
  })

  test.each([
    '/',
    '/shops',
    '/shops/s1',
    '/shops/s1/products/p1',
    '/search',
    '/checkout/c1',
    '/checkout/c1/review',
    '/orders',
    '/orders/o1',
    '/orders/o1.bak',
    '/addresses',
    '/payment-methods',
  ])('an admin opening the customer-only route %s goes to /admin/dashboard', (pathname) => {
    expect(isCustomerOnlyRoute(pathname)).toBe(true)
    expect(resolveRouteRedirect(web(pathname, { appType: 'admin', isLoggedIn: true }))).toBe(
      '/admin/dashboard',
    )
  })

  test.each([
    '/account',
    '/account/reset-password',
    '/help',
    '/privacy',
    '/terms',
    '/settings',
    '/unauthorized',
  ])('the shared route %s is open to both app types', (pathname) => {
    expect(resolveRouteRedirect(web(pathname))).toBeNull()
    expect(resolveRouteRedirect(web(pathname, { appType: 'admin', isLoggedIn: true }))).toBeNull()
  })

  test('customers stay on shopping routes and unknown routes are left to the 404 page', () => {
    expect(resolveRouteRedirect(web('/shops/s1'))).toBeNull()
    expect(resolveRouteRedirect(web('/no-existe'))).toBeNull()
  })

  test('native rules do not apply in the browser', () => {
    expect(resolveRouteRedirect(web('/orders', { isLoggedIn: false }))).toBeNull()
    expect(resolveRouteRedirect(web('/auth/welcome', { isLoggedIn: true }))).toBeNull()
    expect(resolveRouteRedirect(web('/', { isLoggedIn: true, needsProfile: true }))).toBeNull()
  })
})

describe('native-only rules', () => {
  test('a logged-in user who needs a profile goes to /auth/onboarding from anywhere', () => {
    for (const pathname of ['/', '/shops', '/account', '/privacy', '/auth/welcome']) {
      expect(resolveRouteRedirect(native(pathname, { isLoggedIn: true, needsProfile: true }))).toBe(
        '/auth/onboarding',
      )
    }
    expect(
      resolveRouteRedirect(native('/auth/onboarding', { isLoggedIn: true, needsProfile: true })),
    ).toBeNull()
  })

  test.each(['/auth', '/auth/welcome', '/auth/onboarding', '/auth/callback', '/privacy', '/terms'])(
    'a logged-in user with a complete profile opening %s goes to /',
    (pathname) => {
      expect(resolveRouteRedirect(native(pathname, { isLoggedIn: true }))).toBe('/')
    },
  )

  test('a logged-in customer with a complete profile may open the other pages', () => {
    expect(resolveRouteRedirect(native('/shops', { isLoggedIn: true }))).toBeNull()
    expect(resolveRouteRedirect(native('/account', { isLoggedIn: true }))).toBeNull()
  })

  test.each(['/', '/shops', '/account', '/orders/o1', '/admin/dashboard', '/help'])(
    'a logged-out user on %s goes to /auth/welcome',
    (pathname) => {
      expect(resolveRouteRedirect(native(pathname))).toBe('/auth/welcome')
    },
  )

  test.each([
    '/auth',
    '/auth/welcome',
    '/auth/onboarding',
    '/auth/anything/else',
    '/privacy',
    '/terms',
  ])('a logged-out user may stay on %s', (pathname) => {
    expect(resolveRouteRedirect(native(pathname))).toBeNull()
  })

  test('the rules chain to an allowed page: a native seller leaving /auth lands on the dashboard', () => {
    expect(
      resolveRouteRedirect(native('/auth/welcome', { isLoggedIn: true, appType: 'admin' })),
    ).toBe('/admin/dashboard')
  })

  test('a native customer opening a seller route still goes to /unauthorized', () => {
    expect(resolveRouteRedirect(native('/admin/orders', { isLoggedIn: true }))).toBe(
      '/unauthorized',
    )
  })
})

describe('the operator app (issue 24)', () => {
  const operator = (pathname: string, overrides: Partial<RoutingContext> = {}) =>
    web(pathname, { appType: 'operator', isLoggedIn: true, secondFactor: 'done', ...overrides })

  test('only the operator app opens /operator routes; the others go to /unauthorized', () => {
    expect(isOperatorRoute('/operator')).toBe(true)
    expect(isOperatorRoute('/operator/merchants')).toBe(true)
    expect(isOperatorRoute('/operators')).toBe(false)
    expect(resolveRouteRedirect(web('/operator/merchants'))).toBe('/unauthorized')
    expect(resolveRouteRedirect(web('/operator', { isLoggedIn: true }))).toBe('/unauthorized')
    expect(
      resolveRouteRedirect(web('/operator/merchants', { appType: 'admin', isLoggedIn: true })),
    ).toBe('/unauthorized')
    expect(resolveRouteRedirect(operator('/operator/merchants'))).toBeNull()
  })

  test('an operator opening a shopping route lands on the overview of the city', () => {
    expect(resolveRouteRedirect(operator('/'))).toBe('/operator')
    expect(resolveRouteRedirect(operator('/shops/s1'))).toBe('/operator')
    expect(resolveRouteRedirect(operator('/operator'))).toBeNull()
    expect(resolveRouteRedirect(operator('/admin/orders'))).toBe('/unauthorized')
    expect(resolveRouteRedirect(operator('/help'))).toBeNull()
    expect(appHomePath('operator')).toBe('/operator')
  })

  test.each(['/', '/help', '/operator/merchants', '/admin', '/operator/security/verify'])(
    'an operator who must enrol goes from %s to the enrolment page',
    (pathname) => {
      expect(resolveRouteRedirect(operator(pathname, { secondFactor: 'enrol' }))).toBe(
        '/operator/security/enrol',
      )
    },
  )

  test.each(['/', '/account', '/operator/merchants', '/operator/security/enrol'])(
    'an operator who must confirm the second factor goes from %s to the verification page',
    (pathname) => {
      expect(resolveRouteRedirect(operator(pathname, { secondFactor: 'verify' }))).toBe(
        '/operator/security/verify',
      )
    },
  )

  test('the second factor pages themselves stay; the rule is for operators only', () => {
    expect(
      resolveRouteRedirect(operator('/operator/security/enrol', { secondFactor: 'enrol' })),
    ).toBeNull()
    expect(
      resolveRouteRedirect(operator('/operator/security/verify', { secondFactor: 'verify' })),
    ).toBeNull()
    expect(resolveRouteRedirect(web('/help', { isLoggedIn: true, secondFactor: 'verify' }))).toBe(
      null,
    )
    expect(isSecondFactorPath('/operator/security/enrol/')).toBe(true)
    expect(isSecondFactorPath('/operator/merchants')).toBe(false)
  })
})
