import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** A URL-safe random token with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens and codes are stored as SHA-256: a database leak does not hand out sessions. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** A 6-digit numeric code, uniformly distributed, leading zeros kept. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * The device token proves that a device id was issued by this server to the caller that holds it
 * (GET /auth/gen-device-id): HMAC-SHA256 of the id under a key derived from the session secret.
 */
export function signDeviceId(secret: string, deviceId: string): string {
  return createHmac('sha256', secret).update(`barrio-device:${deviceId}`).digest('base64url')
}

/** True when `token` is the device token of `deviceId` (constant-time comparison). */
export function verifyDeviceToken(secret: string, deviceId: string, token: string | null): boolean {
  if (!token) return false
  const expected = Buffer.from(signDeviceId(secret, deviceId))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
