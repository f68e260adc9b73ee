import type { FindPlaceResponse, PlaceDetailsResponse, PlaceResult } from '@barrio/contracts/geo'
import { PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'
import type { Db } from '../../db/client.ts'
import { BUILTIN_PLACES, builtinLocalityRows } from './builtin-gazetteer.ts'
import type { Door, DoorGeocoder } from './door-geocoder.ts'
import {
  countBuiltinLocalities,
  createGeoRepository,
  replaceBuiltinLocalities,
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
    geocoded_by: 'locality',
    locality: localityParts(row),
  }
}

/** A barrio and its city apart; a town or city is its own city (gazetteer rows' `parent`). */
function localityParts(row: LocalityRow): { neighbourhood: string | null; city: string } {
  return row.parent
    ? { neighbourhood: row.name, city: row.parent }
    : { neighbourhood: null, city: row.name }
}

/** "Gurruchaga 1723", "Av. Corrientes 1234 B": a street and its door number. */
const STREET_AND_NUMBER = /^(.*?\S)\s+(?:n(?:ro|º|°|o)?\.?\s*)?(\d{1,5})\s*[a-z]?$/i

/** The street line of a typed address and the rest ("Gurruchaga 1723, Palermo"). */
export function splitStreetLine(
  input: string,
): { street: string; number: string; rest: string } | null {
  const [first = '', ...rest] = input.split(',').map((part) => part.trim())
  const match = STREET_AND_NUMBER.exec(first)
  if (!match) return null
  return { street: match[1]!.trim(), number: match[2]!, rest: rest.filter(Boolean).join(', ') }
}

/**
 * A door's place_id carries the door itself (street, number, point, locality, geocoder), so
 * "place details" answers it from any process without asking the geocoder again.
 */
const DOOR_ID_PREFIX = 'door:'
type DoorId = [
  street: string,
  number: string,
  lat: number,
  lng: number,
  locality: string | null,
  by: Door['geocodedBy'],
]

function doorPlaceId(door: Door, localityId: string | null): string {
  const encode = (locality: string | null) =>
    DOOR_ID_PREFIX +
    Buffer.from(
      JSON.stringify([
        door.street,
        door.number,
        Number(door.latitude.toFixed(6)),
        Number(door.longitude.toFixed(6)),
        locality,
        door.geocodedBy,
      ] satisfies DoorId),
    ).toString('base64url')
  const id = encode(localityId)
  // Address place ids are at most 200 characters: a long street keeps its door, not its locality.
  return id.length <= 200 ? id : encode(null)
}

function parseDoorPlaceId(placeId: string): { door: Door; localityId: string | null } | null {
  if (!placeId.startsWith(DOOR_ID_PREFIX)) return null
  try {
    const value: unknown = JSON.parse(
      Buffer.from(placeId.slice(DOOR_ID_PREFIX.length), 'base64url').toString('utf8'),
    )
    if (!Array.isArray(value) || value.length !== 6) return null
    const [street, number, lat, lng, locality, by] = value as unknown[]
    if (
      typeof street !== 'string' ||
      typeof number !== 'string' ||
      typeof lat !== 'number' ||
      typeof lng !== 'number' ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180 ||
      (locality !== null && typeof locality !== 'string') ||
      (by !== 'georef' && by !== 'google')
    ) {
      return null
    }
    return {
      door: { street, number, latitude: lat, longitude: lng, geocodedBy: by },
      localityId: locality as string | null,
    }
  } catch {
    return null
  }
}

/** A door as a place: "Gurruchaga 1723, Palermo, Ciudad Autónoma de Buenos Aires, Argentina". */
function doorResult(door: Door, locality: LocalityRow | undefined): PlaceResult {
  const name = `${door.street} ${door.number}`
  return {
    formatted_address: locality ? `${name}, ${formattedAddress(locality)}` : `${name}, Argentina`,
    geometry: { location: { lat: door.latitude, lng: door.longitude } },
    name,
    place_id: doorPlaceId(door, locality?.id ?? null),
    geocoded_by: door.geocodedBy,
    ...(locality ? { locality: localityParts(locality) } : {}),
  }
}

/** A typed locality farther than this from the door is not the door's: the nearest one is. */
const LOCALITY_OF_DOOR_KM = 5

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

/**
 * Loads the built-in gazetteer when it is missing: one bulk insert, a no-op afterwards. Counting
 * the built-in rows (rather than all rows) keeps it right when a georef import ran first, and a
 * list changed in a new release is re-synced. Call it at start; the geo service also calls it
 * lazily on its first lookup.
 */
export async function ensureBuiltinGazetteer(db: Db): Promise<{ inserted: number }> {
  if ((await countBuiltinLocalities(db)) === BUILTIN_PLACES.length) return { inserted: 0 }
  const rows = builtinLocalityRows()
  await db.transaction((tx) => replaceBuiltinLocalities(tx, rows))
  return { inserted: rows.length }
}

/** Loads the built-in gazetteer into an empty localities table (server start, CLI). */
export function loadBuiltinGazetteer(db: Db): Promise<{ inserted: number }> {
  return ensureBuiltinGazetteer(db)
}

export function createGeoService(
  db: Db,
  {
    repository = createGeoRepository(db),
    doors = null,
  }: { repository?: GeoRepository; doors?: DoorGeocoder | null } = {},
) {
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

  /**
   * The door of a typed street and number, with the locality it belongs to: the typed one when
   * the door lies in it (a barrio's name is the customer's, not the geocoder's), else the nearest.
   */
  async function locateDoor(
    query: { street: string; number: string; locality: string; provinceCode?: string | null },
    typedLocalities: LocalityRow[],
  ): Promise<{ door: Door; locality: LocalityRow | undefined } | null> {
    if (!doors) return null
    const provinceCode = query.provinceCode ?? typedLocalities[0]?.provinceCode ?? null
    const door = await doors.locate({
      street: query.street,
      number: query.number,
      locality: query.locality || null,
      provinceCode,
    })
    if (!door) return null
    const near = (row: LocalityRow) =>
      haversineKm(row.latitude, row.longitude, door.latitude, door.longitude) <= LOCALITY_OF_DOOR_KM
    const locality =
      typedLocalities.find(near) ?? (await repository.nearest(door.latitude, door.longitude))
    return { door, locality }
  }

  return {
    /**
     * GET /geo/places: Google's "find place from text" shape; ZERO_RESULTS is still HTTP 200.
     * A street and number ("Gurruchaga 1723, Palermo") comes first as its door, when a geocoder
     * places it, followed by the localities the rest names.
     */
    async findPlace(input: string, limit = 5): Promise<FindPlaceResponse> {
      await ensureReady()
      const streetLine = splitStreetLine(input)
      const rows = dedupe(await locate(streetLine ? streetLine.rest || input : input, limit)).slice(
        0,
        limit,
      )
      const located = streetLine
        ? await locateDoor({ ...streetLine, locality: streetLine.rest }, rows)
        : null
      const candidates = [
        ...(located ? [doorResult(located.door, located.locality)] : []),
        ...rows.map(toPlaceResult),
      ].slice(0, limit)
      return { candidates, status: candidates.length > 0 ? 'OK' : 'ZERO_RESULTS' }
    },

    /** GET /geo/places/:placeId: Google's "place details" shape. */
    async placeDetails(placeId: string): Promise<PlaceDetailsResponse> {
      await ensureReady()
      const door = parseDoorPlaceId(placeId)
      if (door) {
        const locality = door.localityId ? await repository.findById(door.localityId) : undefined
        return { result: doorResult(door.door, locality), status: 'OK' }
      }
      const row = await repository.findById(placeId)
      return row ? { result: toPlaceResult(row), status: 'OK' } : { status: 'NOT_FOUND' }
    },

    /**
     * Where an address typed without a point is (customer addresses saved without the pin, a
     * seller's phone customers): its door when a geocoder places it, else its locality's centre
     * (approximate), else null.
     */
    async locateAddress(address: {
      street: string
      number: string
      city: string
      provinceCode: string
    }): Promise<{
      latitude: number
      longitude: number
      geocodedBy: Door['geocodedBy'] | 'locality'
    } | null> {
      await ensureReady()
      // The locality itself in its province: no falling back to the province's capital here.
      const localities = dedupe(
        await repository.search({
          term: searchName(address.city),
          provinces: [address.provinceCode as ProvinceCode],
          limit: 3,
        }),
      )
      const located = await locateDoor({ ...address, locality: address.city }, localities)
      if (located) {
        return {
          latitude: located.door.latitude,
          longitude: located.door.longitude,
          geocodedBy: located.door.geocodedBy,
        }
      }
      const locality = localities[0]
      return locality
        ? { latitude: locality.latitude, longitude: locality.longitude, geocodedBy: 'locality' }
        : null
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
