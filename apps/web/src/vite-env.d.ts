/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API for the native shell, e.g. https://api.barrio.ar. Empty: same origin. */
  readonly VITE_API_URL?: string
  /** Google Maps JS key for place lookups. Empty: the API's /geo/places is used instead. */
  readonly VITE_GOOGLE_MAPS_KEY?: string
  /** Map tiles for the store pin, a {z}/{x}/{y} template. Empty: OpenStreetMap's tile server. */
  readonly VITE_MAP_TILE_URL?: string
  /** The tiles' credit line (HTML). Empty: the OpenStreetMap credit. */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
