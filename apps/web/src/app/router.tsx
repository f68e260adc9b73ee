import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'

import { AppRoot } from '@/app/app-root'
import { AppTypeLayout } from '@/app/app-type-layout'
import { BootFallback } from '@/app/boot-fallback'
import { RouteErrorBoundary } from '@/app/route-error-boundary'
import { NotFoundPage } from '@/app/routes/not-found'
import { CheckoutLayout } from '@/components/layouts/checkout-layout'
import { DefaultLayout } from '@/components/layouts/default-layout'
import { NativeAuthLayout } from '@/components/layouts/native-auth-layout'
import { evaluateSellerContracts } from '@/features/admin-stores/utils/seller-contracts'
import { CartButton } from '@/features/cart/components/cart-button'
import { evaluateCheckoutContracts } from '@/features/checkout/utils/checkout-contracts'
import { loadDeferredStyles } from '@/lib/styles/load-deferred-styles'

/** Route metadata (spec section 2): which layout, and whether login and the admin role are required. */
export type RouteHandle = {
  layout?: 'admin' | 'checkout' | 'customer' | 'default' | 'native-auth' | 'operator'
  requiresAuth?: boolean
  roles?: ['admin'] | ['operator']
}

/**
 * Every page is a lazy chunk (decision 016): a first visit downloads the code of the page it opens
 * and nothing else; seller pages never reach customers. The home chunk is modulepreloaded by
 * index.html (vite.config.ts), so the most common first page costs no extra round trip.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    // Pages beyond the catalogue use Mantine components outside the first page's CSS.
    const [module] = await Promise.all([load(), loadDeferredStyles()])
    return { Component: pick(module) }
  }
}

/** The catalogue pages render only components whose CSS is in the first page's stylesheet. */
function catalogPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) })
}

/** A seller page's chunk, evaluated after the schemas it reads (seller-contracts.ts). */
function sellerPage<M>(load: () => Promise<M>): () => Promise<M> {
  return () => evaluateSellerContracts().then(load)
}

const adminPages = {
  dashboard: sellerPage(() => import('@/app/routes/admin/dashboard')),
  analytics: sellerPage(() => import('@/app/routes/admin/analytics')),
  collaborators: sellerPage(() => import('@/app/routes/admin/collaborators')),
  customers: sellerPage(() => import('@/app/routes/admin/customers')),
  inventory: sellerPage(() => import('@/app/routes/admin/inventory')),
  collections: sellerPage(() => import('@/app/routes/admin/collections')),
  products: sellerPage(() => import('@/app/routes/admin/products')),
  orders: sellerPage(() => import('@/app/routes/admin/orders')),
  orderPrint: sellerPage(() => import('@/app/routes/admin/order-print')),
  payments: sellerPage(() => import('@/app/routes/admin/payments')),
  withdrawals: sellerPage(() => import('@/app/routes/admin/withdrawals')),
  coupons: sellerPage(() => import('@/app/routes/admin/coupons')),
  settings: sellerPage(() => import('@/app/routes/admin/settings')),
  stores: sellerPage(() => import('@/app/routes/admin/stores')),
}

/** The marketplace operator's pages (issue 24): a lazy area only operators download. */
const operatorPages = {
  layout: () => import('@/app/routes/operator/operator-layout'),
  overview: () => import('@/app/routes/operator/overview'),
  security: () => import('@/app/routes/operator/security'),
  applications: () => import('@/app/routes/operator/applications'),
  commissions: () => import('@/app/routes/operator/commissions'),
  stores: () => import('@/app/routes/operator/stores'),
  audit: () => import('@/app/routes/operator/audit'),
}

const operatorRoutes: RouteObject[] = [
  // The operator's home: the city at a glance (decision 048).
  { index: true, lazy: lazyPage(operatorPages.overview, (m) => m.OperatorOverviewPage) },
  {
    path: 'merchants',
    lazy: lazyPage(operatorPages.applications, (m) => m.OperatorApplicationsPage),
  },
  {
    path: 'commissions',
    lazy: lazyPage(operatorPages.commissions, (m) => m.OperatorCommissionsPage),
  },
  {
    path: 'statements',
    lazy: lazyPage(operatorPages.commissions, (m) => m.OperatorStatementsPage),
  },
  {
    path: 'stores',
    lazy: lazyPage(operatorPages.stores, (m) => m.OperatorStoresPage),
  },
  {
    path: 'audit',
    lazy: lazyPage(operatorPages.audit, (m) => m.OperatorAuditPage),
  },
  {
    path: 'security/enrol',
    lazy: lazyPage(operatorPages.security, (m) => m.OperatorTotpEnrolPage),
  },
  {
    path: 'security/verify',
    lazy: lazyPage(operatorPages.security, (m) => m.OperatorTotpVerifyPage),
  },
  { path: '*', element: <NotFoundPage /> },
]

/** Account pages (phone input, forms) are lazy chunks too: the home page does not pay for them. */
const accountPages = {
  account: () => import('@/app/routes/account/account'),
  resetPassword: () => import('@/app/routes/account/reset-password'),
  verifyEmail: () => import('@/app/routes/account/verify-email'),
  changePassword: () => import('@/app/routes/account/change-password'),
  settings: () => import('@/app/routes/account/settings'),
  onboarding: () => import('@/app/routes/auth/onboarding'),
}

/** Customer pages: shopping (home is the first page most visits open), orders, addresses, info. */
const customerPages = {
  home: () => import('@/app/routes/shop/home'),
  shops: () => import('@/app/routes/shop/shops'),
  shop: () => import('@/app/routes/shop/shop'),
  product: () => import('@/app/routes/shop/product'),
  search: () => import('@/app/routes/shop/search'),
  orders: () => import('@/app/routes/account/orders'),
  addresses: () => import('@/app/routes/account/addresses'),
  paymentMethods: () => import('@/app/routes/account/payment-methods'),
  help: () => import('@/app/routes/info/help'),
  withdrawal: () => import('@/app/routes/info/withdrawal'),
  legal: () => import('@/app/routes/info/legal'),
  unauthorized: () => import('@/app/routes/info/unauthorized'),
  auth: () => import('@/app/routes/auth/auth-pages'),
  invitation: () => import('@/app/routes/auth/invitation'),
}

/** Checkout (phone input, forms) is a lazy chunk as well; its review step is one of its own. */
// Each evaluated after the schemas it reads (checkout-contracts.ts).
const checkoutPages = () =>
  evaluateCheckoutContracts().then(() => import('@/app/routes/checkout/checkout'))
const checkoutReviewPage = () =>
  evaluateCheckoutContracts().then(() => import('@/app/routes/checkout/checkout-review'))

const adminHandle: RouteHandle = { layout: 'admin', requiresAuth: true, roles: ['admin'] }

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
  { path: 'dashboard', lazy: lazyPage(adminPages.dashboard, (m) => m.AdminDashboardPage) },
  { path: 'analytics', lazy: lazyPage(adminPages.analytics, (m) => m.AdminAnalyticsPage) },
  {
    path: 'collaborators',
    lazy: lazyPage(adminPages.collaborators, (m) => m.AdminCollaboratorsPage),
  },
  {
    path: 'collaborators/:collaboratorId',
    lazy: lazyPage(adminPages.collaborators, (m) => m.AdminCollaboratorPage),
  },
  { path: 'customers', lazy: lazyPage(adminPages.customers, (m) => m.AdminCustomersPage) },
  {
    path: 'customers/:customerId',
    lazy: lazyPage(adminPages.customers, (m) => m.AdminCustomerPage),
  },
  { path: 'inventory', lazy: lazyPage(adminPages.inventory, (m) => m.AdminInventoryPage) },
  {
    path: 'inventory/collections',
    lazy: lazyPage(adminPages.collections, (m) => m.AdminCollectionsPage),
  },
  {
    path: 'inventory/collections/new',
    lazy: lazyPage(adminPages.collections, (m) => m.AdminCollectionNewPage),
  },
  {
    path: 'inventory/collections/:collectionId',
    lazy: lazyPage(adminPages.collections, (m) => m.AdminCollectionPage),
  },
  { path: 'inventory/products', lazy: lazyPage(adminPages.products, (m) => m.AdminProductsPage) },
  {
    path: 'inventory/products/new',
    lazy: lazyPage(adminPages.products, (m) => m.AdminProductNewPage),
  },
  {
    path: 'inventory/products/:productId',
    lazy: lazyPage(adminPages.products, (m) => m.AdminProductPage),
  },
  { path: 'orders', lazy: lazyPage(adminPages.orders, (m) => m.AdminOrdersPage) },
  { path: 'orders/new', lazy: lazyPage(adminPages.orders, (m) => m.AdminNewOrderPage) },
  { path: 'orders/:orderId', lazy: lazyPage(adminPages.orders, (m) => m.AdminOrderPage) },
  { path: 'payments', lazy: lazyPage(adminPages.payments, (m) => m.AdminPaymentsPage) },
  {
    path: 'withdrawals',
    lazy: lazyPage(adminPages.withdrawals, (m) => m.AdminWithdrawalsPage),
  },
  // Store coupons (issue 28; beyond the spec's list).
  { path: 'coupons', lazy: lazyPage(adminPages.coupons, (m) => m.AdminCouponsPage) },
  { path: 'coupons/new', lazy: lazyPage(adminPages.coupons, (m) => m.AdminCouponNewPage) },
  { path: 'coupons/:couponId', lazy: lazyPage(adminPages.coupons, (m) => m.AdminCouponPage) },
  { path: 'settings', lazy: lazyPage(adminPages.settings, (m) => m.AdminSettingsPage) },
  { path: 'settings/info', lazy: lazyPage(adminPages.settings, (m) => m.AdminSettingsInfoPage) },
  {
    path: 'settings/notifications',
    lazy: lazyPage(adminPages.settings, (m) => m.AdminSettingsNotificationsPage),
  },
  {
    path: 'settings/payment-methods',
    lazy: lazyPage(adminPages.settings, (m) => m.AdminSettingsPaymentMethodsPage),
  },
  {
    path: 'settings/shipping',
    handle: adminHandle,
    lazy: lazyPage(adminPages.settings, (m) => m.AdminSettingsShippingPage),
  },
  {
    path: 'settings/taxes',
    handle: adminHandle,
    lazy: lazyPage(adminPages.settings, (m) => m.AdminSettingsTaxesPage),
  },
  { path: 'stores', lazy: lazyPage(adminPages.stores, (m) => m.AdminStoresPage) },
  { path: 'stores/new', lazy: lazyPage(adminPages.stores, (m) => m.AdminStoreNewPage) },
  { path: 'stores/:storeId', lazy: lazyPage(adminPages.stores, (m) => m.AdminStorePage) },
  { path: '*', element: <NotFoundPage /> },
]

/** Every route of spec section 2, each in its layout. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppRoot />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      {
        // Shared and customer pages: the layout follows the app type.
        element: <AppTypeLayout />,
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, lazy: catalogPage(customerPages.home, (m) => m.HomePage) },
          { path: 'account', lazy: lazyPage(accountPages.account, (m) => m.AccountPage) },
          {
            path: 'account/reset-password',
            lazy: lazyPage(accountPages.resetPassword, (m) => m.ResetPasswordPage),
          },
          {
            path: 'account/verify-email',
            lazy: lazyPage(accountPages.verifyEmail, (m) => m.VerifyEmailPage),
          },
          {
            path: 'account/change-password',
            lazy: lazyPage(accountPages.changePassword, (m) => m.ChangePasswordPage),
          },
          { path: 'addresses', lazy: lazyPage(customerPages.addresses, (m) => m.AddressesPage) },
          { path: 'help', lazy: lazyPage(customerPages.help, (m) => m.HelpPage) },
          // The botón de arrepentimiento (issue 27): no sign-in, reachable from every app type.
          {
            path: 'arrepentimiento',
            lazy: lazyPage(customerPages.withdrawal, (m) => m.WithdrawalPage),
          },
          {
            path: 'invitations/:token',
            lazy: lazyPage(customerPages.invitation, (m) => m.InvitationPage),
          },
          { path: 'orders', lazy: lazyPage(customerPages.orders, (m) => m.OrdersPage) },
          {
            path: 'orders/:orderId.bak',
            lazy: lazyPage(customerPages.orders, (m) => m.LegacyOrderPage),
          },
          { path: 'orders/:orderId', lazy: lazyPage(customerPages.orders, (m) => m.OrderPage) },
          {
            path: 'payment-methods',
            lazy: lazyPage(customerPages.paymentMethods, (m) => m.PaymentMethodsPage),
          },
          { path: 'settings', lazy: lazyPage(accountPages.settings, (m) => m.SettingsPage) },
          { path: 'shops', lazy: lazyPage(customerPages.shops, (m) => m.ShopsPage) },
          { path: 'shops/:shopId', lazy: lazyPage(customerPages.shop, (m) => m.ShopPage) },
          {
            path: 'shops/:shopId/products/:productId',
            lazy: lazyPage(customerPages.product, (m) => m.ProductPage),
          },
          { path: 'search', lazy: lazyPage(customerPages.search, (m) => m.SearchPage) },
          { path: 'privacy', lazy: lazyPage(customerPages.legal, (m) => m.PrivacyPage) },
          { path: 'terms', lazy: lazyPage(customerPages.legal, (m) => m.TermsPage) },
        ],
      },
      {
        path: 'checkout/:checkoutId',
        element: <CheckoutLayout />,
        errorElement: <RouteErrorBoundary />,
        handle: { layout: 'checkout' } satisfies RouteHandle,
        children: [
          { index: true, lazy: lazyPage(checkoutPages, (m) => m.CheckoutPage) },
          { path: 'review', lazy: lazyPage(checkoutReviewPage, (m) => m.CheckoutReviewPage) },
        ],
      },
      {
        path: 'auth',
        element: <NativeAuthLayout />,
        errorElement: <RouteErrorBoundary />,
        handle: { layout: 'native-auth' } satisfies RouteHandle,
        children: [
          { index: true, lazy: lazyPage(customerPages.auth, (m) => m.AuthFallbackPage) },
          { path: 'welcome', lazy: lazyPage(customerPages.auth, (m) => m.WelcomePage) },
          {
            path: 'onboarding',
            lazy: lazyPage(accountPages.onboarding, (m) => m.OnboardingPage),
          },
          { path: '*', lazy: lazyPage(customerPages.auth, (m) => m.AuthFallbackPage) },
        ],
      },
      // Tickets on paper (decision 052): the back office's pages without its frame.
      {
        path: 'admin/orders/print',
        handle: { requiresAuth: true, roles: ['admin'] } satisfies RouteHandle,
        errorElement: <RouteErrorBoundary />,
        lazy: lazyPage(adminPages.orderPrint, (m) => m.OrdersPrintPage),
      },
      {
        path: 'admin/orders/:orderId/print',
        handle: { requiresAuth: true, roles: ['admin'] } satisfies RouteHandle,
        errorElement: <RouteErrorBoundary />,
        lazy: lazyPage(adminPages.orderPrint, (m) => m.OrderPrintPage),
      },
      {
        path: 'admin',
        handle: adminHandle,
        errorElement: <RouteErrorBoundary />,
        lazy: lazyPage(
          sellerPage(() => import('@/app/routes/admin/admin-shell')),
          (m) => m.AdminShell,
        ),
        children: adminRoutes,
      },
      {
        path: 'operator',
        handle: {
          layout: 'operator',
          requiresAuth: true,
          roles: ['operator'],
        } satisfies RouteHandle,
        errorElement: <RouteErrorBoundary />,
        lazy: lazyPage(operatorPages.layout, (m) => m.OperatorLayout),
        children: operatorRoutes,
      },
      {
        element: <DefaultLayout headerCart={<CartButton />} />,
        errorElement: <RouteErrorBoundary />,
        handle: { layout: 'default' } satisfies RouteHandle,
        children: [
          {
            path: 'unauthorized',
            lazy: lazyPage(customerPages.unauthorized, (m) => m.UnauthorizedPage),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
