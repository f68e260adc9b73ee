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
  /**
   * The map tiles behind the store pin ({z}/{x}/{y} template). Default: OpenStreetMap's own tile
   * server, fine for the few seller forms that show a map; production may point to a tile CDN
   * (the API's MAP_TILE_URL must name the same host, for the CSP's img-src).
   */
  MAP_TILE_URL: z
    .string()
    .default('')
    .transform((value) => value.trim() || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** The tiles' credit line, shown on the map (HTML allowed, as Leaflet takes it). */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('')
    .transform(
      (value) =>
        value.trim() ||
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    ),
})

function createEnv() {
  const parsed = envSchema.safeParse({
    API_URL: import.meta.env.VITE_API_URL,
    GOOGLE_MAPS_KEY: import.meta.env.VITE_GOOGLE_MAPS_KEY,
    MAP_TILE_URL: import.meta.env.VITE_MAP_TILE_URL,
    MAP_TILE_ATTRIBUTION: import.meta.env.VITE_MAP_TILE_ATTRIBUTION,
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
