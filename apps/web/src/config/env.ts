/**
 * The build-time settings (Vite `VITE_*` variables). Read by hand, not with zod: this module is on
 * the first page's critical path, and both values are optional strings (decision 020).
 */
function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

export const env = {
  /** Origin of the API. Empty means "same origin" (the API serves this build). The native shell sets it. */
  API_URL: trimmed(import.meta.env.VITE_API_URL).replace(/\/+$/, ''),
  /** Google Maps JS key. Empty (the default): place lookups go to the API's own gazetteer. */
  GOOGLE_MAPS_KEY: trimmed(import.meta.env.VITE_GOOGLE_MAPS_KEY),
} as const

/** Base of every API call: `API_URL + /api/v1`. */
export const API_BASE_URL = `${env.API_URL}/api/v1`
