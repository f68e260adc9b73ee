import { USER_TYPES, type UserType } from '@barrio/contracts/enum-values'
import type { User } from '@barrio/contracts/users'

/** Spec section 3: every local-storage key the app uses, in one place. */
export const STORAGE_KEYS = {
  selectedStore: 'barrio.selectedStore',
  selectedAddress: 'barrio.selectedAddress',
  /** `{ addressId, lat, lng }` of the selected address, for the first render (selected-point.ts). */
  selectedAddressPoint: 'barrio.selectedAddressPoint',
  offlineAddresses: 'barrio.offlineAddresses',
  nightMode: 'barrio.nightMode',
  cartToken: 'barrio.cartToken',
  deviceUuid: 'barrio.deviceUuid',
  /** The device id's signed token from GET /auth/gen-device-id, sent as x-device-token. */
  deviceToken: 'barrio.deviceToken',
  /** Native: the push token last sent to POST /push/devices, and the account it was sent for. */
  pushToken: 'barrio.pushToken',
  pushTokenUser: 'barrio.pushTokenUser',
  /** A seller's choice of app, `{ userId, appType }` (decision 036); reset by a new sign-in. */
  appType: 'barrio.appType',
  /** The customer's last searches on this device, newest first (at most 8). */
  recentSearches: 'barrio.recentSearches',
} as const
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

// Storage can throw (private mode, disabled cookies, quota); the app keeps working without it.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: StorageKey, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined || value === '') window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // ignored on purpose, see above
  }
}

export function readJsonStorage(key: StorageKey): unknown {
  const raw = readStorage(key)
  if (raw === null) return null
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return null
  }
}

export function writeJsonStorage(key: StorageKey, value: unknown): void {
  writeStorage(key, value === null || value === undefined ? null : JSON.stringify(value))
}

/** Name of the readable cookie that holds the saved user (spec section 3). */
export const USER_COOKIE = 'user'
const USER_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=')
    if (rawName === name) return rest.join('=')
  }
  return null
}

/**
 * Parses a saved user: the cookie may hold a JSON string (optionally URI-encoded or with the
 * `j:` prefix Express uses for objects) or already be an object. Returns null when invalid.
 */
export function parseSavedUser(value: unknown): User | null {
  let candidate: unknown = value
  if (typeof candidate === 'string') {
    let text = candidate.trim()
    if (text === '') return null
    try {
      text = decodeURIComponent(text)
    } catch {
      // not URI-encoded
    }
    if (text.startsWith('j:')) text = text.slice(2)
    try {
      candidate = JSON.parse(text) as unknown
    } catch {
      return null
    }
    // A JSON string that itself holds a JSON string.
    if (typeof candidate === 'string') return parseSavedUser(candidate)
  }
  return savedUserFrom(candidate)
}

const optionalText = (value: unknown): string | null | undefined =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : undefined

/**
 * The cookie's object as a User: `_id` or (older cookies) `id`; `needsProfile`, `emailVerified`
 * and `merchantApproved` default to false (cookies written before they existed; the session check
 * at start brings the real values); anything else malformed
 * makes it null. Checked by hand rather than with zod: the session check runs before the first
 * paint and zod would add ~25 KB to that bundle (decision 020).
 */
function savedUserFrom(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const id = typeof v._id === 'string' && v._id ? v._id : typeof v.id === 'string' ? v.id : ''
  if (!id || typeof v.email !== 'string') return null
  if (!USER_TYPES.includes(v.userType as UserType)) return null
  const flags = [v.needsProfile, v.emailVerified, v.merchantApproved]
  if (flags.some((flag) => flag !== undefined && typeof flag !== 'boolean')) return null
  const texts = [v.firstName, v.lastName, v.userName, v.phone].map(optionalText)
  if (texts.some((text) => text === undefined)) return null
  const [firstName, lastName, userName, phone] = texts as (string | null)[]
  return {
    _id: id,
    userType: v.userType as UserType,
    needsProfile: v.needsProfile === true,
    firstName: firstName ?? null,
    lastName: lastName ?? null,
    userName: userName ?? null,
    phone: phone ?? null,
    email: v.email,
    emailVerified: v.emailVerified === true,
    merchantApproved: v.merchantApproved === true,
  }
}

export function readUserCookie(): User | null {
  return parseSavedUser(readCookie(USER_COOKIE))
}

export function writeUserCookie(user: User | Record<string, unknown> | string): void {
  const json = typeof user === 'string' ? user : JSON.stringify(user)
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${USER_COOKIE}=${encodeURIComponent(json)}; Path=/; Max-Age=${USER_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`
}

export function clearUserCookie(): void {
  document.cookie = `${USER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
}
