import { createHash, randomBytes, randomInt } from 'node:crypto'

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
