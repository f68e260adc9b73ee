import { z } from 'zod'

/**
 * The tiles behind the shop pin map (decision 023). Apart from `env.ts` so that only the lazy map
 * chunk carries it: the customer bundle does not change.
 */
const mapTilesSchema = z.object({
  /**
   * A {z}/{x}/{y} template. Default: OpenStreetMap's tile server, fine for the few seller forms
   * that show a map; production may point to a tile CDN (the API's MAP_TILE_URL must name the
   * same host, for the CSP's img-src).
   */
  url: z
    .string()
    .default('')
    .transform((value) => value.trim() || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** The tiles' credit line, shown on the map (HTML, as Leaflet takes it). */
  attribution: z
    .string()
    .default('')
    .transform(
      (value) =>
        value.trim() ||
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    ),
})

export const mapTiles = mapTilesSchema.parse({
  url: import.meta.env.VITE_MAP_TILE_URL,
  attribution: import.meta.env.VITE_MAP_TILE_ATTRIBUTION,
})
