import { PLACE_LOOKUP_LANGUAGE } from '@barrio/contracts/constants'

/** Spec section 8: the two ways the loader fails. */
export const GOOGLE_MAPS_BROWSER_ONLY_MESSAGE =
  'google-maps is supported only in browser environment'
export const GOOGLE_MAPS_AUTH_ERROR_MESSAGE = 'google-maps: authentication error'
export const GOOGLE_MAPS_LOAD_ERROR_MESSAGE = 'google-maps: the script could not be loaded'

// The few parts of the Google Maps JS API the place lookup uses (no @types/google.maps here).
export type GoogleLatLng = { lat: () => number; lng: () => number }
export type GooglePlace = {
  formatted_address?: string
  name?: string
  place_id?: string
  geometry?: { location?: GoogleLatLng }
}
export type GooglePlacesService = {
  findPlaceFromQuery(
    request: { query: string; fields: string[]; language?: string },
    callback: (results: GooglePlace[] | null, status: string) => void,
  ): void
  getDetails(
    request: { placeId: string; fields: string[]; language?: string },
    callback: (result: GooglePlace | null, status: string) => void,
  ): void
}
export type GoogleMapsApi = {
  places: { PlacesService: new (attributionContainer: HTMLElement) => GooglePlacesService }
}

/** The globals the loader touches: Google's namespace, its auth hook and the ready callback. */
export type MapsWindow = {
  google?: { maps?: GoogleMapsApi }
  gm_authFailure?: () => void
  __barrioGoogleMapsReady?: () => void
}

export type GoogleMapsLoaderOptions = {
  apiKey: string
  language?: string
  /** The browser globals (tests pass fakes); null means "not in a browser". */
  win?: MapsWindow | null
  doc?: Document | null
}

const CALLBACK_NAME = '__barrioGoogleMapsReady' satisfies keyof MapsWindow

/**
 * Loads the Google Maps JS script once, with the places library (spec section 7). Rejects outside a
 * browser, when the script fails to load, and when Google reports an authentication failure
 * (`gm_authFailure`, e.g. a wrong or restricted key) — also after the script had loaded, so later
 * lookups fail with the same message.
 */
export function createGoogleMapsLoader({
  apiKey,
  language = PLACE_LOOKUP_LANGUAGE,
  win = typeof window === 'undefined' ? null : (window as unknown as MapsWindow),
  doc = typeof document === 'undefined' ? null : document,
}: GoogleMapsLoaderOptions): () => Promise<GoogleMapsApi> {
  let loading: Promise<GoogleMapsApi> | null = null
  let authFailed = false

  return function loadGoogleMaps(): Promise<GoogleMapsApi> {
    if (authFailed) return Promise.reject(new Error(GOOGLE_MAPS_AUTH_ERROR_MESSAGE))
    if (loading) return loading
    if (!win || !doc) return Promise.reject(new Error(GOOGLE_MAPS_BROWSER_ONLY_MESSAGE))
    const existing = win.google?.maps
    if (existing?.places) return (loading = Promise.resolve(existing))

    loading = new Promise<GoogleMapsApi>((resolve, reject) => {
      const fail = (message: string) => {
        loading = null
        reject(new Error(message))
      }
      win.gm_authFailure = () => {
        authFailed = true
        fail(GOOGLE_MAPS_AUTH_ERROR_MESSAGE)
      }
      win[CALLBACK_NAME] = () => {
        const maps = win.google?.maps
        if (maps?.places) resolve(maps)
        else fail(GOOGLE_MAPS_LOAD_ERROR_MESSAGE)
      }
      const params = new URLSearchParams({
        key: apiKey,
        libraries: 'places',
        language,
        region: 'AR',
        loading: 'async',
        callback: CALLBACK_NAME,
      })
      const script = doc.createElement('script')
      script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`
      script.async = true
      script.onerror = () => {
        script.remove()
        fail(GOOGLE_MAPS_LOAD_ERROR_MESSAGE)
      }
      doc.head.appendChild(script)
    })
    return loading
  }
}
