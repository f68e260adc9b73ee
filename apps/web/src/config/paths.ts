/** The paper an order ticket prints on: thermal rolls (comanda) or A4 (remito). */
export type TicketFormat = '58mm' | '80mm' | 'a4'

/** Every screen of spec section 2. Links and redirects use these, never hand-built URLs. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  account: { path: '/account', getHref: () => '/account' },
  resetPassword: { path: '/account/reset-password', getHref: () => '/account/reset-password' },
  verifyEmail: { path: '/account/verify-email', getHref: () => '/account/verify-email' },
  changePassword: { path: '/account/change-password', getHref: () => '/account/change-password' },
  addresses: { path: '/addresses', getHref: () => '/addresses' },
  help: { path: '/help', getHref: () => '/help' },
  /**
   * The botón de arrepentimiento (issue 27; Res. 424/2020 SCI): revoke a purchase without signing
   * in. A route beyond the spec's list.
   */
  withdrawal: { path: '/arrepentimiento', getHref: () => '/arrepentimiento' },
  orders: { path: '/orders', getHref: () => '/orders' },
  order: {
    path: '/orders/:orderId',
    getHref: (orderId: string) => `/orders/${encodeURIComponent(orderId)}`,
  },
  orderLegacy: {
    path: '/orders/:orderId.bak',
    getHref: (orderId: string) => `/orders/${encodeURIComponent(orderId)}.bak`,
  },
  paymentMethods: { path: '/payment-methods', getHref: () => '/payment-methods' },
  settings: { path: '/settings', getHref: () => '/settings' },
  unauthorized: { path: '/unauthorized', getHref: () => '/unauthorized' },
  shops: { path: '/shops', getHref: () => '/shops' },
  /** Search results near the selected address (issue 25; a route beyond the spec's list). */
  search: {
    path: '/search',
    getHref: (q: string, filters: Record<string, string> = {}) =>
      `/search?${new URLSearchParams({ q, ...filters }).toString()}`,
  },
  shop: {
    path: '/shops/:shopId',
    getHref: (shopId: string) => `/shops/${encodeURIComponent(shopId)}`,
  },
  product: {
    path: '/shops/:shopId/products/:productId',
    getHref: (shopId: string, productId: string) =>
      `/shops/${encodeURIComponent(shopId)}/products/${encodeURIComponent(productId)}`,
  },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  checkout: {
    path: '/checkout/:checkoutId',
    getHref: (checkoutId: string) => `/checkout/${encodeURIComponent(checkoutId)}`,
  },
  checkoutReview: {
    path: '/checkout/:checkoutId/review',
    getHref: (checkoutId: string) => `/checkout/${encodeURIComponent(checkoutId)}/review`,
  },
  auth: {
    root: { path: '/auth', getHref: () => '/auth' },
    onboarding: { path: '/auth/onboarding', getHref: () => '/auth/onboarding' },
    welcome: { path: '/auth/welcome', getHref: () => '/auth/welcome' },
  },
  /** The marketplace operator's area (issue 24), behind a second factor. */
  operator: {
    root: { path: '/operator', getHref: () => '/operator' },
    applications: { path: '/operator/merchants', getHref: () => '/operator/merchants' },
    commissions: { path: '/operator/commissions', getHref: () => '/operator/commissions' },
    statements: {
      path: '/operator/statements',
      getHref: (query?: { storeId?: string; month?: string }) => {
        const search = new URLSearchParams(
          Object.entries(query ?? {}).filter((e): e is [string, string] => Boolean(e[1])),
        ).toString()
        return search ? `/operator/statements?${search}` : '/operator/statements'
      },
    },
    stores: { path: '/operator/stores', getHref: () => '/operator/stores' },
    audit: { path: '/operator/audit', getHref: () => '/operator/audit' },
    totpEnrol: {
      path: '/operator/security/enrol',
      getHref: () => '/operator/security/enrol',
    },
    totpVerify: {
      path: '/operator/security/verify',
      getHref: () => '/operator/security/verify',
    },
  },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    dashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
    analytics: { path: '/admin/analytics', getHref: () => '/admin/analytics' },
    collaborators: { path: '/admin/collaborators', getHref: () => '/admin/collaborators' },
    collaborator: {
      path: '/admin/collaborators/:collaboratorId',
      getHref: (id: string) => `/admin/collaborators/${encodeURIComponent(id)}`,
    },
    customers: { path: '/admin/customers', getHref: () => '/admin/customers' },
    customer: {
      path: '/admin/customers/:customerId',
      getHref: (id: string) => `/admin/customers/${encodeURIComponent(id)}`,
    },
    inventory: { path: '/admin/inventory', getHref: () => '/admin/inventory' },
    collections: {
      path: '/admin/inventory/collections',
      getHref: () => '/admin/inventory/collections',
    },
    collectionNew: {
      path: '/admin/inventory/collections/new',
      getHref: () => '/admin/inventory/collections/new',
    },
    collection: {
      path: '/admin/inventory/collections/:collectionId',
      getHref: (id: string) => `/admin/inventory/collections/${encodeURIComponent(id)}`,
    },
    products: { path: '/admin/inventory/products', getHref: () => '/admin/inventory/products' },
    productNew: {
      path: '/admin/inventory/products/new',
      getHref: () => '/admin/inventory/products/new',
    },
    product: {
      path: '/admin/inventory/products/:productId',
      getHref: (id: string) => `/admin/inventory/products/${encodeURIComponent(id)}`,
    },
    orders: { path: '/admin/orders', getHref: () => '/admin/orders' },
    /** "Nuevo pedido": an order the shop takes itself, optionally for one customer. */
    orderNew: {
      path: '/admin/orders/new',
      getHref: (customerId?: string) =>
        customerId
          ? `/admin/orders/new?customerId=${encodeURIComponent(customerId)}`
          : '/admin/orders/new',
    },
    order: {
      path: '/admin/orders/:orderId',
      getHref: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
    },
    /** Tickets on paper (decision 052): the comanda (58/80 mm) or the remito (A4) of an order. */
    orderPrint: {
      path: '/admin/orders/:orderId/print',
      getHref: (id: string, format: TicketFormat = '80mm') =>
        `/admin/orders/${encodeURIComponent(id)}/print?format=${format}`,
    },
    /** Several orders' tickets, one after the other with page breaks. */
    ordersPrint: {
      path: '/admin/orders/print',
      getHref: (ids: readonly string[], format: TicketFormat = '80mm') =>
        `/admin/orders/print?ids=${ids.map(encodeURIComponent).join(',')}&format=${format}`,
    },
    /** The store's botón de arrepentimiento requests (issue 27; beyond the spec's list). */
    withdrawals: { path: '/admin/withdrawals', getHref: () => '/admin/withdrawals' },
    /** Store coupons (issue 28; beyond the spec's list). */
    coupons: { path: '/admin/coupons', getHref: () => '/admin/coupons' },
    couponNew: { path: '/admin/coupons/new', getHref: () => '/admin/coupons/new' },
    coupon: {
      path: '/admin/coupons/:couponId',
      getHref: (id: string) => `/admin/coupons/${encodeURIComponent(id)}`,
    },
    payments: { path: '/admin/payments', getHref: () => '/admin/payments' },
    settings: { path: '/admin/settings', getHref: () => '/admin/settings' },
    settingsInfo: { path: '/admin/settings/info', getHref: () => '/admin/settings/info' },
    settingsNotifications: {
      path: '/admin/settings/notifications',
      getHref: () => '/admin/settings/notifications',
    },
    settingsPaymentMethods: {
      path: '/admin/settings/payment-methods',
      getHref: () => '/admin/settings/payment-methods',
    },
    settingsShipping: {
      path: '/admin/settings/shipping',
      getHref: () => '/admin/settings/shipping',
    },
    settingsTaxes: { path: '/admin/settings/taxes', getHref: () => '/admin/settings/taxes' },
    stores: { path: '/admin/stores', getHref: () => '/admin/stores' },
    storeNew: { path: '/admin/stores/new', getHref: () => '/admin/stores/new' },
    store: {
      path: '/admin/stores/:storeId',
      getHref: (id: string) => `/admin/stores/${encodeURIComponent(id)}`,
    },
  },
} as const

/** The login modal never opens on these pages (spec section 2). */
export const LOGIN_MODAL_DISABLED_PATHS: readonly string[] = [
  paths.resetPassword.path,
  paths.changePassword.path,
  paths.verifyEmail.path,
]
