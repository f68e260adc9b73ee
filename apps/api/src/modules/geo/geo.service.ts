import type { FindPlaceResponse, PlaceDetailsResponse, PlaceResult } from '@barrio/contracts/geo'
import { PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'
import type { Db } from '../../db/client.ts'
import {
  createGeoRepository,
  ensureBuiltinGazetteer,
  type GeoRepository,
  type LocalityRow,
} from './geo.repository.ts'
import { haversineKm, searchName } from './normalize.ts'

/** An input part as matched against aliases: normalised, dots dropped (`C.A.B.A.` -> `caba`). */
function aliasKey(part: string): string {
  return searchName(part.replace(/\./g, ''))
}

const ALL_PROVINCE_ALIASES: Record<string, ProvinceCode[]> = (() => {
  const map: Record<string, ProvinceCode[]> = {}
  const add = (codes: ProvinceCode[], ...names: string[]) => {
    for (const name of names) map[aliasKey(name)] = codes
  }
  for (const { code, name } of PROVINCES) {
    add([code], name, `provincia de ${name}`, `pcia de ${name}`, `prov de ${name}`)
  }
  add(['C'], 'CABA', 'Capital Federal', 'Cap. Fed.', 'Capital', 'Ciudad de Buenos Aires')
  add(['C'], 'Ciudad Autónoma de Bs. As.', 'Cdad. de Bs. As.')
  // "Buenos Aires" alone is as often the city as the province: both, the city first by rank.
  add(['C', 'B'], 'Buenos Aires', 'Bs. As.', 'BsAs', 'BA', 'AMBA', 'Gran Buenos Aires', 'GBA')
  add(
    ['B'],
    'Provincia de Buenos Aires',
    'Pcia. de Bs. As.',
    'Prov. de Bs. As.',
    'PBA',
    'Conurbano',
  )
  add(['X'], 'Cba', 'Cba.')
  add(['S'], 'Sta. Fe', 'Sta Fe')
  add(['M'], 'Mza', 'Mza.')
  add(['G'], 'Santiago', 'Sgo. del Estero', 'Stgo. del Estero')
  add(['V'], 'Tierra del Fuego', 'TDF')
  add(['W'], 'Ctes', 'Ctes.')
  add(['Q'], 'Nqn')
  add(['E'], 'Entre Rios', 'E. Ríos')
  add(['T'], 'Tucuman')
  return map
})()

const COUNTRY_WORDS = new Set(['argentina', 'republica argentina', 'ar', 'arg'])

/** Province codes named by an input part, if the part names a province. */
export function provinceCodesFor(part: string): ProvinceCode[] | undefined {
  // Own keys only: typed words such as "constructor" must not reach Object.prototype.
  const key = aliasKey(part)
  return Object.hasOwn(ALL_PROVINCE_ALIASES, key) ? ALL_PROVINCE_ALIASES[key] : undefined
}

const STREET_PREFIX =
  /^(av|avda|avenida|calle|cll|bv|bvd|bvard|boulevard|bulevar|pje|pasaje|ruta|diag|diagonal|autopista|camino|esq|esquina)\b/

/** "Av. Corrientes 1234", "Calle 7 nº 123", "Corrientes 1234": an address line, not a place. */
function isStreetLike(normalised: string): boolean {
  return (
    STREET_PREFIX.test(normalised) ||
    /\d+\s*[a-z]?$/.test(normalised) ||
    /\b(n|no|nro|num)\s*[º°.]?\s*\d/.test(normalised)
  )
}

const PROVINCE_DISPLAY: Record<ProvinceCode, string> = Object.fromEntries(
  PROVINCES.map((p) => [p.code, p.code === 'V' ? 'Tierra del Fuego' : p.name]),
) as Record<ProvinceCode, string>

/**
 * "Palermo, Ciudad Autónoma de Buenos Aires, Argentina", "Nueva Córdoba, Córdoba, Córdoba,
 * Argentina", "Ramos Mejía, La Matanza, Buenos Aires, Argentina": the name, its city (or
 * partido) when that adds something, the province, the country.
 */
export function formattedAddress(row: LocalityRow): string {
  const province = PROVINCE_DISPLAY[row.provinceCode as ProvinceCode] ?? row.provinceCode
  const parts = [row.name]
  // Capitals need no partido ("Resistencia, Chaco"); barrios show their city, others their
  // department or partido ("Ramos Mejía, La Matanza").
  const middle = row.parent ?? (row.rank >= 100 ? null : row.department)
  if (middle) {
    const key = searchName(middle)
    const redundant =
      key === searchName(row.name) ||
      /^(la )?capital$|^comuna \d+$/.test(key) ||
      (row.provinceCode === 'C' && key === searchName(province))
    if (!redundant) parts.push(middle)
  }
  // The city of Buenos Aires is its own jurisdiction: not "CABA, CABA".
  if (!(
    row.provinceCode === 'C' &&
    parts.length === 1 &&
    searchName(province) === searchName(row.name)
  )) {
    parts.push(province)
  }
  parts.push('Argentina')
  return parts.join(', ')
}

export function toPlaceResult(row: LocalityRow): PlaceResult {
  return {
    formatted_address: formattedAddress(row),
    geometry: { location: { lat: row.latitude, lng: row.longitude } },
    name: row.name,
    place_id: row.id,
  }
}

/**
 * One place for each name: the built-in list and an imported georef file both hold "Córdoba",
 * and georef holds a city and its same-named barrio. Rows come best first, so the first stays.
 */
function dedupe(rows: LocalityRow[]): LocalityRow[] {
  const kept: LocalityRow[] = []
  for (const row of rows) {
    const twin = kept.some(
      (k) =>
        k.id === row.id ||
        (k.searchName === row.searchName &&
          k.provinceCode === row.provinceCode &&
          haversineKm(k.latitude, k.longitude, row.latitude, row.longitude) < 10),
    )
    if (!twin) kept.push(row)
  }
  return kept
}

/** Loads the built-in gazetteer into an empty localities table (server start, CLI). */
export function loadBuiltinGazetteer(db: Db): Promise<{ inserted: number }> {
  return ensureBuiltinGazetteer(db)
}

export function createGeoService(db: Db, repository: GeoRepository = createGeoRepository(db)) {
  let ready: Promise<unknown> | undefined
  /** Loads the built-in list on first use if nobody did at start; retried after a failure. */
  const ensureReady = () =>
    (ready ??= ensureBuiltinGazetteer(db).catch((error: unknown) => {
      ready = undefined
      throw error
    }))

  async function locate(input: string, limit: number): Promise<LocalityRow[]> {
    const fetchSize = limit * 3 + 5
    const parts = input
      .split(/[,;|]/)
      // "Córdoba Capital", "Neuquén capital": the city itself.
      .map((p) => p.trim().replace(/^(.*\S)\s+capital$/i, '$1'))
      .filter((p) => p && !COUNTRY_WORDS.has(aliasKey(p)))
    if (parts.length === 0) return []

    // 1. The whole input, as typed ("Nueva Cordoba", "Palermo"). A bare province name also
    //    puts its capital first ("Córdoba", "CABA", "Buenos Aires").
    const found: LocalityRow[] = []
    const onlyProvinces = parts.length === 1 ? provinceCodesFor(parts[0]!) : undefined
    if (onlyProvinces) found.push(...(await repository.topCities(onlyProvinces)))
    const whole = searchName(parts.join(' '))
    found.push(...(await repository.search({ term: whole, limit: fetchSize })))
    if (found.length > 0 || parts.length === 1) return found

    // 2. Part by part, most specific first: province names filter, other place names narrow the
    //    match to children of that city or partido ("Centro, Rosario"), street lines are skipped.
    const provinces = new Set<ProvinceCode>()
    const places: string[] = []
    const contexts: string[] = []
    for (const part of parts) {
      const codes = provinceCodesFor(part)
      const key = searchName(part)
      if (codes) {
        codes.forEach((c) => provinces.add(c))
        contexts.push(key)
      } else if (!isStreetLike(key)) places.push(key)
    }
    const provinceList = [...provinces]
    for (const [i, term] of places.entries()) {
      const narrowing = [...places.slice(i + 1), ...contexts]
      if (narrowing.length > 0) {
        const rows = await repository.search({
          term,
          provinces: provinceList,
          contexts: narrowing,
          limit: fetchSize,
        })
        if (rows.length > 0) return rows
      }
      const rows = await repository.search({ term, provinces: provinceList, limit: fetchSize })
      if (rows.length > 0) return rows
    }
    // 3. Only a street and a province ("Av. Corrientes 1234, CABA"): the province's capital.
    return repository.topCities(provinceList)
  }

  return {
    /** GET /geo/places: Google's "find place from text" shape; ZERO_RESULTS is still HTTP 200. */
    async findPlace(input: string, limit = 5): Promise<FindPlaceResponse> {
      await ensureReady()
      const rows = dedupe(await locate(input, limit)).slice(0, limit)
      return {
        candidates: rows.map(toPlaceResult),
        status: rows.length > 0 ? 'OK' : 'ZERO_RESULTS',
      }
    },

    /** GET /geo/places/:placeId: Google's "place details" shape. */
    async placeDetails(placeId: string): Promise<PlaceDetailsResponse> {
      await ensureReady()
      const row = await repository.findById(placeId)
      return row ? { result: toPlaceResult(row), status: 'OK' } : { status: 'NOT_FOUND' }
    },

    /** GET /geo/reverse: the nearest locality or barrio to a point ("usar mi ubicación"). */
    async reverse(lat: number, lng: number): Promise<PlaceDetailsResponse> {
      await ensureReady()
      const row = await repository.nearest(lat, lng)
      return row ? { result: toPlaceResult(row), status: 'OK' } : { status: 'ZERO_RESULTS' }
    },
  }
}

export type GeoService = ReturnType<typeof createGeoService>
