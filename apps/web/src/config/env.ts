import { z } from 'zod'

const envSchema = z.object({
  /** Origin of the API. Empty means "same origin" (the API serves this build). The native shell sets it. */
  API_URL: z
    .string()
    .default('')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Google Maps JS key. Empty (the default): place lookups go to the API's own gazetteer. */
  GOOGLE_MAPS_KEY: z
    .string()
    .default('')
    .transform((value) => value.trim()),
})

function createEnv() {
  const parsed = envSchema.safeParse({
    API_URL: import.meta.env.VITE_API_URL,
    GOOGLE_MAPS_KEY: import.meta.env.VITE_GOOGLE_MAPS_KEY,
  })
  if (!parsed.success) {
    throw new Error(
      `Invalid env provided:\n${parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    )
  }
  return parsed.data
}

export const env = createEnv()

/** Base of every API call: `API_URL + /api/v1`. */
export const API_BASE_URL = `${env.API_URL}/api/v1`
