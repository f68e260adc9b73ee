import { PROVINCE_NAMES, type ProvinceCode } from '@barrio/contracts/provinces'
import type { FastifyBaseLogger } from 'fastify'
import { GEOREF_PROVINCE_IDS, type GeorefClient } from '../../integrations/georef.ts'
import type { GoogleGeocoder } from '../../integrations/google-geocoding.ts'
import { searchName } from './normalize.ts'

/** A street door located by a geocoder (decision 038). */
export type Door = {
  street: string
  number: string
  latitude: number
  longitude: number
  geocodedBy: 'georef' | 'google'
}

export type DoorQuery = {
  street: string
  number: string
  /** The barrio or town as the customer wrote it; narrows Google's search. */
  locality?: string | null
  provinceCode?: string | null
}

export type DoorGeocoder = {
  /** The door of a street and number, or null when no geocoder placed it (or none answered). */
  locate(query: DoorQuery): Promise<Door | null>
}

/** After a geocoder fails (unreachable, timeout, error answer), it is skipped this long. */
export const GEOCODER_COOL_DOWN_MS = 60_000

const SMALL_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'el'])

/** "AV SANTA FE" -> "Av Santa Fe", "GURRUCHAGA" -> "Gurruchaga": georef writes in capitals. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word, i) =>
      i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ')
}

/**
 * Locates doors with Google when the server has a key, else with georef-ar; a source that fails
 * is skipped for a minute (one log line each way), so an offline server answers from the
 * gazetteer at once instead of waiting for a timeout on every keystroke.
 */
export function createDoorGeocoder({
  georef,
  google,
  log,
  now = Date.now,
}: {
  georef: GeorefClient | null
  google: GoogleGeocoder | null
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>
  now?: () => number
}): DoorGeocoder {
  const downUntil = new Map<string, number>()

  async function guarded<T>(source: 'georef' | 'google', call: () => Promise<T>) {
    const until = downUntil.get(source)
    if (until !== undefined && now() < until) return null
    try {
      const result = await call()
      if (until !== undefined) {
        downUntil.delete(source)
        log.info({ geocoder: source }, 'address geocoder answering again')
      }
      return result
    } catch (error) {
      if (until === undefined) {
        log.warn(
          { geocoder: source, err: error instanceof Error ? error.message : String(error) },
          `address geocoder failed; localities only for ${GEOCODER_COOL_DOWN_MS / 1000} s`,
        )
      }
      downUntil.set(source, now() + GEOCODER_COOL_DOWN_MS)
      return null
    }
  }

  /** The customer's spelling when the geocoder agrees with it, else the geocoder's. */
  const streetName = (typed: string, found: string) =>
    searchName(typed) === searchName(found) ? typed.trim() : titleCase(found)

  return {
    async locate({ street, number, locality, provinceCode }) {
      if (google) {
        const province = provinceCode ? PROVINCE_NAMES[provinceCode as ProvinceCode] : null
        const text = [`${street} ${number}`, locality, province].filter(Boolean).join(', ')
        const doors = await guarded('google', () => google.findDoors(text))
        const door = doors?.[0]
        if (door) return { ...door, street: streetName(street, door.street), geocodedBy: 'google' }
        if (doors) return null
      }
      if (georef) {
        const provinceId = provinceCode ? (GEOREF_PROVINCE_IDS[provinceCode] ?? null) : null
        const doors = await guarded('georef', () =>
          georef.findDoors({ address: `${street} ${number}`, provinceId, max: 5 }),
        )
        const door = doors?.[0]
        if (door) {
          return {
            street: streetName(street, door.street),
            number: door.number,
            latitude: door.latitude,
            longitude: door.longitude,
            geocodedBy: 'georef',
          }
        }
      }
      return null
    },
  }
}
