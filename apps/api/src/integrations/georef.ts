import axios, { type AxiosInstance } from 'axios'
import { z } from 'zod'

/**
 * georef-ar (https://apis.datos.gob.ar/georef/api), Argentina's official address normaliser:
 * GET /direcciones?direccion=<street and number>[&provincia=<id>][&max=n] answers the streets it
 * recognised, each with its interpolated door (`ubicacion`, absent when it could not place the
 * number). No key. Only the fields we read are parsed; the rest of georef's answer is ignored.
 */
const georefAddressSchema = z.object({
  nomenclatura: z.string(),
  calle: z.object({ nombre: z.string().nullable() }).nullable().optional(),
  altura: z
    .object({ valor: z.union([z.number(), z.string()]).nullable() })
    .nullable()
    .optional(),
  localidad_censal: z.object({ nombre: z.string().nullable() }).nullable().optional(),
  departamento: z.object({ nombre: z.string().nullable() }).nullable().optional(),
  provincia: z.object({ id: z.string().nullable(), nombre: z.string().nullable() }).nullable(),
  ubicacion: z
    .object({ lat: z.number().nullable(), lon: z.number().nullable() })
    .nullable()
    .optional(),
})
const georefAnswerSchema = z.object({ direcciones: z.array(georefAddressSchema) })

export type GeorefDoor = {
  street: string
  number: string
  /** INDEC province id ("02" is the city of Buenos Aires). */
  provinceId: string | null
  censusLocality: string | null
  department: string | null
  latitude: number
  longitude: number
}

export type GeorefClient = {
  /** The doors georef places for a street and number, best first; [] when it places none. */
  findDoors(query: {
    address: string
    provinceId?: string | null
    max?: number
  }): Promise<GeorefDoor[]>
}

export function createGeorefClient({
  baseUrl,
  timeoutMs,
}: {
  baseUrl: string
  timeoutMs: number
}): GeorefClient {
  // No retries: a lookup is interactive, and the caller falls back to the gazetteer at once.
  const http: AxiosInstance = axios.create({
    baseURL: baseUrl.replace(/\/$/, ''),
    timeout: timeoutMs,
  })
  return {
    async findDoors({ address, provinceId, max = 5 }) {
      const { data } = await http.get<unknown>('/direcciones', {
        params: { direccion: address, ...(provinceId ? { provincia: provinceId } : {}), max },
      })
      const doors: GeorefDoor[] = []
      for (const found of georefAnswerSchema.parse(data).direcciones) {
        const lat = found.ubicacion?.lat
        const lon = found.ubicacion?.lon
        const street = found.calle?.nombre
        const number = found.altura?.valor
        if (lat == null || lon == null || !street || number == null) continue
        doors.push({
          street,
          number: String(number),
          provinceId: found.provincia?.id ?? null,
          censusLocality: found.localidad_censal?.nombre ?? null,
          department: found.departamento?.nombre ?? null,
          latitude: lat,
          longitude: lon,
        })
      }
      return doors
    },
  }
}

/** INDEC's province ids, by our province codes (ISO 3166-2:AR letters), for georef's filter. */
export const GEOREF_PROVINCE_IDS: Record<string, string> = {
  C: '02',
  B: '06',
  K: '10',
  X: '14',
  W: '18',
  H: '22',
  U: '26',
  E: '30',
  P: '34',
  Y: '38',
  L: '42',
  F: '46',
  M: '50',
  N: '54',
  Q: '58',
  R: '62',
  A: '66',
  J: '70',
  D: '74',
  Z: '78',
  S: '82',
  G: '86',
  V: '94',
  T: '90',
}
