import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'

import { AppRoot } from '@/app/app-root'
import { AppTypeLayout } from '@/app/app-type-layout'
import { BootFallback } from '@/app/boot-fallback'
import { RouteErrorBoundary } from '@/app/route-error-boundary'
import { AddressesPage } from '@/app/routes/account/addresses'
import { LegacyOrderPage, OrderPage, OrdersPage } from '@/app/routes/account/orders'
import { PaymentMethodsPage } from '@/app/routes/account/payment-methods'
import { AuthFallbackPage, WelcomePage } from '@/app/routes/auth/auth-pages'
import { HelpPage } from '@/app/routes/info/help'
import { PrivacyPage, TermsPage } from '@/app/routes/info/legal'
import { UnauthorizedPage } from '@/app/routes/info/unauthorized'
import { NotFoundPage } from '@/app/routes/not-found'
import { HomePage } from '@/app/routes/shop/home'
import { ProductPage } from '@/app/routes/shop/product'
import { ShopPage } from '@/app/routes/shop/shop'
import { ShopsPage } from '@/app/routes/shop/shops'
import { CheckoutLayout } from '@/components/layouts/checkout-layout'
import { DefaultLayout } from '@/components/layouts/default-layout'
import { NativeAuthLayout } from '@/components/layouts/native-auth-layout'
import { CartButton } from '@/features/cart/components/cart-button'

/** Route metadata (spec section 2): which layout, and whether login and the admin role are required. */
export type RouteHandle = {
  layout?: 'admin' | 'checkout' | 'customer' | 'default' | 'native-auth'
  requiresAuth?: boolean
  roles?: ['admin']
}

/** Seller pages are lazy chunks: customers never download them. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) })
}

const adminPages = {
  dashboard: () => import('@/app/routes/admin/dashboard'),
  analytics: () => import('@/app/routes/admin/analytics'),
  collaborators: () => import('@/app/routes/admin/collaborators'),
  customers: () => import('@/app/routes/admin/customers'),
  inventory: () => import('@/app/routes/admin/inventory'),
  collections: () => import('@/app/routes/admin/collections'),
  products: () => import('@/app/routes/admin/products'),
  orders: () => import('@/app/routes/admin/orders'),
  payments: () => import('@/app/routes/admin/payments'),
  settings: () => import('@/app/routes/admin/settings'),
  stores: () => import('@/app/routes/admin/stores'),
}

/** Account pages (phone input, forms) are lazy chunks too: the home page does not pay for them. */
const accountPages = {
  account: () => import('@/app/routes/account/account'),
  resetPassword: () => import('@/app/routes/account/reset-password'),
  verifyEmail: () => import('@/app/routes/account/verify-email'),
  changePassword: () => import('@/app/routes/account/change-password'),
  settings: () => import('@/app/routes/account/settings'),
  onboarding: () => import('@/app/routes/auth/onboarding'),
}

/** Checkout (phone input, forms) is a lazy chunk as well. */
const checkoutPages = () => import('@/app/routes/checkout/checkout')

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
  { path: 'orders/:orderId', lazy: lazyPage(adminPages.orders, (m) => m.AdminOrderPage) },
  { path: 'payments', lazy: lazyPage(adminPages.payments, (m) => m.AdminPaymentsPage) },
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
          { index: true, element: <HomePage /> },
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
          { path: 'addresses', element: <AddressesPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'orders', element: <OrdersPage /> },
          { path: 'orders/:orderId.bak', element: <LegacyOrderPage /> },
          { path: 'orders/:orderId', element: <OrderPage /> },
          { path: 'payment-methods', element: <PaymentMethodsPage /> },
          { path: 'settings', lazy: lazyPage(accountPages.settings, (m) => m.SettingsPage) },
          { path: 'shops', element: <ShopsPage /> },
          { path: 'shops/:shopId', element: <ShopPage /> },
          { path: 'shops/:shopId/products/:productId', element: <ProductPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
        ],
      },
      {
        path: 'checkout/:checkoutId',
        element: <CheckoutLayout />,
        errorElement: <RouteErrorBoundary />,
        handle: { layout: 'checkout' } satisfies RouteHandle,
        children: [
          { index: true, lazy: lazyPage(checkoutPages, (m) => m.CheckoutPage) },
          { path: 'review', lazy: lazyPage(checkoutPages, (m) => m.CheckoutReviewPage) },
        ],
      },
      {
        path: 'auth',
        element: <NativeAuthLayout />,
        errorElement: <RouteErrorBoundary />,
        handle: { layout: 'native-auth' } satisfies RouteHandle,
        children: [
          { index: true, element: <AuthFallbackPage /> },
          { path: 'welcome', element: <WelcomePage /> },
          {
            path: 'onboarding',
            lazy: lazyPage(accountPages.onboarding, (m) => m.OnboardingPage),
          },
          { path: '*', element: <AuthFallbackPage /> },
        ],
      },
      {
        path: 'admin',
        handle: adminHandle,
        errorElement: <RouteErrorBoundary />,
        lazy: lazyPage(
          () => import('@/app/routes/admin/admin-shell'),
          (m) => m.AdminShell,
        ),
        children: adminRoutes,
      },
      {
        element: <DefaultLayout headerCart={<CartButton />} />,
        errorElement: <RouteErrorBoundary />,
        handle: { layout: 'default' } satisfies RouteHandle,
        children: [
          { path: 'unauthorized', element: <UnauthorizedPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
