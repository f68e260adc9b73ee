/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API for the native shell, e.g. https://api.barrio.ar. Empty: same origin. */
  readonly VITE_API_URL?: string
  /** Google Maps JS key for place lookups. Empty: the API's /geo/places is used instead. */
  readonly VITE_GOOGLE_MAPS_KEY?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
