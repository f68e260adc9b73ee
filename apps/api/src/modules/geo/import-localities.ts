import { PROVINCE_CODES } from '@barrio/contracts/provinces'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { BUILTIN_PLACES } from './builtin-gazetteer.ts'
import { readCsvFile } from './csv.ts'
import { upsertLocalities, type NewLocalityRow } from './geo.repository.ts'
import { searchName, titleCaseIfUpper } from './normalize.ts'

export const GEOREF_ATTRIBUTION =
  'Fuente: Servicio de Normalización de Datos Geográficos de Argentina (georef-ar), datos.gob.ar'

export const IMPORT_BATCH_SIZE = 500

export type ImportCounts = { read: number; imported: number; skipped: number }
export type ImportOptions = { onProgress?: (counts: ImportCounts) => void }

const REQUIRED_COLUMNS = ['name', 'province_code', 'lat', 'lon', 'type'] as const
const OPTIONAL_COLUMNS = [
  'department',
  'population',
  'bahra_id',
  'locality_id',
  'parent_locality',
] as const

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
const idText = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]*$/)

/**
 * One row of a georef-ar localities file (BAHRA types: LC compound locality, LD locality derived
 * from its barrios, LS simple locality, E barrio/entity). Argentina, Antarctic bases included,
 * lies within these latitudes and longitudes.
 */
const georefRowSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    province_code: z.enum(PROVINCE_CODES),
    lat: z.coerce.number().min(-90).max(-21),
    lon: z.coerce.number().min(-75).max(-25),
    type: z.enum(['LC', 'LD', 'LS', 'E']),
    department: optionalText,
    population: z
      .string()
      .trim()
      .transform((v) => (v === '' ? null : Number(v)))
      .pipe(z.number().nonnegative().nullable()),
    bahra_id: idText,
    locality_id: idText,
    parent_locality: optionalText,
  })
  .refine((r) => r.bahra_id !== '' || r.locality_id !== '', { message: 'Falta el identificador' })

type GeorefRow = z.infer<typeof georefRowSchema>

/** Type first, population as a bonus: every imported row ranks below the built-in list (≥ 42). */
function rankFor(row: GeorefRow): number {
  const base = { LD: 30, LC: 25, LS: 20, E: 10 }[row.type]
  const bonus = row.population ? Math.min(10, Math.floor(Math.log10(row.population + 1) * 1.5)) : 0
  return base + bonus
}

/** Proper names for barrios georef writes in capitals, from the built-in list when it knows them. */
const KNOWN_NAMES = new Map(
  BUILTIN_PLACES.map((p) => [`${p.provinceCode}|${searchName(p.name)}`, p.name]),
)

export function georefRowToLocality(row: GeorefRow): NewLocalityRow {
  const key = searchName(row.name)
  const name = KNOWN_NAMES.get(`${row.province_code}|${key}`) ?? titleCaseIfUpper(row.name)
  // An E row's locality_id is its parent's, so barrios are keyed by their own BAHRA id.
  const sourceId =
    row.type === 'E' ? row.bahra_id || row.locality_id : row.locality_id || row.bahra_id
  return {
    id: `georef:${sourceId}`,
    name,
    searchName: searchName(name),
    kind: row.type === 'E' ? 'barrio' : row.type === 'LS' ? 'locality' : 'city',
    parent: row.type === 'E' ? row.parent_locality : null,
    department: row.department,
    provinceCode: row.province_code,
    latitude: row.lat,
    longitude: row.lon,
    rank: rankFor(row),
    source: 'georef',
  }
}

/**
 * Imports a georef-ar localities CSV (header: name, province_code, province, department, lat, lon,
 * population, type, bahra_id, locality_id, parent_locality; column order free). Invalid rows and
 * repeated ids are skipped and counted; the rest are upserted by id in batches of 500 inside one
 * transaction, so a re-import refreshes rows instead of duplicating them and a failure leaves
 * the table as it was.
 */
export async function importLocalities(
  db: Db,
  csvPath: string,
  { onProgress }: ImportOptions = {},
): Promise<ImportCounts> {
  const counts: ImportCounts = { read: 0, imported: 0, skipped: 0 }
  const records = readCsvFile(csvPath)
  const header = (await records.next()).value as string[] | undefined
  const columns = (header ?? []).map((h) => h.trim().toLowerCase())
  const missing: string[] = REQUIRED_COLUMNS.filter((c) => !columns.includes(c))
  if (!columns.includes('locality_id') && !columns.includes('bahra_id')) {
    missing.push('locality_id o bahra_id')
  }
  if (missing.length > 0) {
    await records.return(undefined)
    throw new Error(
      `${csvPath} no tiene el formato de localidades de georef-ar (faltan columnas: ${missing.join(', ')}).`,
    )
  }
  const indexOf = Object.fromEntries(
    [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].map((c) => [c, columns.indexOf(c)]),
  ) as Record<(typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number], number>

  const seen = new Set<string>()
  await db.transaction(async (tx) => {
    let batch: NewLocalityRow[] = []
    const flush = async () => {
      await upsertLocalities(tx as unknown as Db, batch)
      counts.imported += batch.length
      batch = []
      onProgress?.({ ...counts })
    }
    for await (const record of records) {
      counts.read++
      const raw = Object.fromEntries(
        Object.entries(indexOf).map(([column, i]) => [column, i >= 0 ? (record[i] ?? '') : '']),
      )
      const parsed = georefRowSchema.safeParse(raw)
      if (!parsed.success) {
        counts.skipped++
        continue
      }
      const locality = georefRowToLocality(parsed.data)
      if (seen.has(locality.id)) {
        counts.skipped++
        continue
      }
      seen.add(locality.id)
      batch.push(locality)
      if (batch.length >= IMPORT_BATCH_SIZE) await flush()
    }
    if (batch.length > 0) await flush()
  })
  return counts
}
