/** Keys whose values are credentials: never written to the audit log in clear. */
const SECRET_KEY = /token|secret|password|passwd|api[_-]?key|private[_-]?key|credential/i

/** `••••3456`: the last 4 characters of a long enough secret, so two tokens can be told apart. */
export function maskSecret(value: unknown): string {
  if (typeof value !== 'string' || value.length < 12) return '••••'
  return `••••${value.slice(-4)}`
}

/**
 * A copy of a before/after state with every credential masked, at any depth (Mercado Pago's
 * access token, a refresh token, a webhook secret…). Dates become ISO strings as in JSON.
 */
export function maskSecrets(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(maskSecrets)
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (inner === undefined) continue
      out[key] = SECRET_KEY.test(key) && inner !== null ? maskSecret(inner) : maskSecrets(inner)
    }
    return out
  }
  return value
}
