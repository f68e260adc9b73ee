/** Spec section 9: page sizes per list. */
export const PAGE_SIZES = {
  addresses: 50,
  orders: 50,
  adminCustomers: 25,
  adminOrders: 25,
  productsNearby: 9,
  products: 10,
  stores: 10,
  collections: 10,
  adminProducts: 10,
  adminStores: 10,
  adminCollaborators: 25,
} as const

/** How long an invitation to a store's team stays valid (decision 029). */
export const INVITATION_VALID_DAYS = 7

/** Spec section 9: toasts. Base toasts last 5000 ms at the bottom; some places use 3000 ms. */
export const TOAST = { durationMs: 5000, shortDurationMs: 3000, defaultPosition: 'bottom' } as const

/** Spec section 9: request retry rules of the HTTP client. */
export const REQUEST_RETRY = {
  retries: 3,
  noResponseRetries: 2,
  baseDelayMs: 100,
  methods: ['GET', 'HEAD', 'PUT', 'OPTIONS', 'DELETE'],
  statusCodesToRetry: [
    [100, 199],
    [429, 429],
    [500, 599],
  ] as Array<[number, number]>,
  maxRetryAfterMs: 300_000,
} as const

/** Spec section 9: the retry set of the other client layer (one retry on these statuses). */
export const SECONDARY_RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const

/** Spec section 9: other constants. */
export const MOBILE_BREAKPOINT_PX = 1024
export const PAYLOAD_DEBOUNCE_MS = 250
export const RELOAD_GUARD_MS = 10_000
export const EARTH_RADIUS_KM = 6371
export const DEFAULT_MAP_ZOOM = 15
export const MAPS_CLIENT_TIMEOUT_MS = 10_000
export const PLACE_LOOKUP_TIMEOUT_MS = 1000
export const PLACE_LOOKUP_LANGUAGE = 'es'
export const DEFAULT_CURRENCY = 'ARS'
export const DEFAULT_LOCALE = 'es-AR'
export const DATE_LOCALE = 'es-ES'
export const NATIVE_STATUS_BAR_COLOR = '#14532d'

/** Request headers of spec section 7, as the API reads them. */
export const HEADERS = {
  deviceId: 'x-device-id',
  /** Proof that the device id was issued to this browser/app (GET /auth/gen-device-id). */
  deviceToken: 'x-device-token',
  platform: 'x-platform',
  storeId: 'x-store-id',
  cartId: 'x-cart-id',
  addressId: 'x-address-id',
  requestId: 'x-request-id',
  /** One per attempt-set of a create that must not happen twice (POST /admin/orders). */
  idempotencyKey: 'idempotency-key',
  // Native shell only (spec section 3: Device, from @capacitor/device), URI-encoded values.
  deviceModel: 'x-device-model',
  deviceOs: 'x-device-os',
  deviceOsVersion: 'x-device-os-version',
  deviceManufacturer: 'x-device-manufacturer',
  deviceVirtual: 'x-device-virtual',
  deviceName: 'x-device-name',
} as const

/**
 * Integer bounds. Money and quantities live in PostgreSQL `integer` columns (at most 2,147,483,647),
 * so every integer input is capped: a unit price or a fee at ARS 10.000.000 (in centavos), and an
 * order total at what its column holds (checkout refuses a larger order with a clear message).
 */
export const MAX_INT32 = 2_147_483_647
export const MAX_PRICE_CENTS = 1_000_000_000
export const MAX_ORDER_TOTAL_CENTS = MAX_INT32
export const MAX_PAGE = 100_000
/** Images per upload request (each is decoded on its own; the web app sends bigger picks in batches). */
export const MAX_IMAGES_PER_UPLOAD = 5
/** Largest image accepted, in pixels (40 megapixels). */
export const MAX_IMAGE_PIXELS = 40_000_000

// Values the web app's first page needs from modules that also define schemas; they live here
// (no zod) and those modules re-export them (decision 020).

/** Header set on a 403 when the session itself is no longer valid (spec section 6). */
export const AUTH_FORBIDDEN_HEADER = 'x-auth-forbidden'

/** The largest page any list answers. */
export const MAX_PAGE_SIZE = 100

/** Spec section 5 wording, answered by the server and raised by the client alike. */
export const NO_OWNER_MESSAGE = 'User is not logged in and deviceId not set...'

/** Spec section 7 client rule: a missing token is logged with this text. */
export const CART_TOKEN_REQUIRED = 'Cart token is required to sync cart'

export const LOCATION_REQUIRED = {
  products: 'Latitude and Longitude are required to fetch products by location',
  stores: 'Latitude and Longitude are required to fetch stores by location',
} as const

/** Google's status values (spec section 8) and their HTTP equivalents. */
export const MAPS_STATUS_HTTP = {
  OK: 200,
  ZERO_RESULTS: 200,
  INVALID_REQUEST: 400,
  MAX_WAYPOINTS_EXCEEDED: 400,
  MAX_ROUTE_LENGTH_EXCEEDED: 400,
  REQUEST_DENIED: 403,
  NOT_FOUND: 404,
  OVER_DAILY_LIMIT: 429,
  OVER_QUERY_LIMIT: 429,
  UNKNOWN_ERROR: 500,
} as const
export type MapsStatus = keyof typeof MAPS_STATUS_HTTP

export const NO_RESULTS_MESSAGE = 'No results found'
