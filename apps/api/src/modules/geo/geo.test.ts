import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PROVINCE_CODES } from '@barrio/contracts/provinces'
import type { FindPlaceResponse, PlaceDetailsResponse } from '@barrio/contracts/geo'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { localities } from '../../db/schema/localities.ts'
import { BUILTIN_PLACES, CABA } from './builtin-gazetteer.ts'
import { parseCsv } from './csv.ts'
import { createGeoRepository } from './geo.repository.ts'
import { createGeoService, ensureBuiltinGazetteer } from './geo.service.ts'
import { importLocalities } from './import-localities.ts'
import { haversineKm } from './normalize.ts'

const SHARED_CSV = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/data/ar-localidades.csv',
)

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

async function find(input: string, limit?: number): Promise<FindPlaceResponse> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/geo/places',
    query: { input, ...(limit ? { limit: String(limit) } : {}) },
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function details(placeId: string): Promise<PlaceDetailsResponse> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/geo/places/${encodeURIComponent(placeId)}`,
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('the built-in gazetteer', () => {
  test('has the 24 capitals, one per province, and the 48 barrios of CABA', () => {
    const capitals = BUILTIN_PLACES.filter((p) => p.capital)
    expect(capitals).toHaveLength(24)
    expect(new Set(capitals.map((p) => p.provinceCode))).toEqual(new Set(PROVINCE_CODES))
    expect(capitals.every((p) => p.kind === 'city' && p.rank >= 100)).toBe(true)

    const caba = BUILTIN_PLACES.filter((p) => p.kind === 'barrio' && p.provinceCode === 'C')
    expect(caba).toHaveLength(48)
    expect(caba.every((p) => p.parent === CABA && /^Comuna \d+$/.test(p.department ?? ''))).toBe(
      true,
    )
    const names = caba.map((p) => p.name)
    for (const name of [
      'Núñez',
      'Agronomía',
      'Vélez Sarsfield',
      'Constitución',
      'San Nicolás',
      'San Cristóbal',
      'La Boca',
      'Villa Ortúzar',
      'Villa Pueyrredón',
    ]) {
      expect(names).toContain(name)
    }
    // Every CABA barrio lies within a few km of the city's centre.
    const centre = capitals.find((p) => p.provinceCode === 'C')!
    for (const p of caba) {
      expect(haversineKm(p.latitude, p.longitude, centre.latitude, centre.longitude)).toBeLessThan(
        15,
      )
    }
  })

  test('has unique ids, ~190 cities, the barrios of Rosario, Córdoba and Mendoza, all in Argentina', () => {
    expect(new Set(BUILTIN_PLACES.map((p) => p.id)).size).toBe(BUILTIN_PLACES.length)
    expect(BUILTIN_PLACES.filter((p) => p.kind === 'city').length).toBeGreaterThanOrEqual(84)
    for (const p of BUILTIN_PLACES) {
      expect(p.id).toMatch(/^builtin:[a-z]:[a-z0-9-]+$/)
      expect(p.latitude).toBeGreaterThan(-55.1)
      expect(p.latitude).toBeLessThan(-21.7)
      expect(p.longitude).toBeGreaterThan(-73.6)
      expect(p.longitude).toBeLessThan(-53.6)
    }
    const barriosOf = (parent: string) =>
      BUILTIN_PLACES.filter((p) => p.kind === 'barrio' && p.parent === parent).map((p) => p.name)
    expect(barriosOf('Rosario')).toEqual(
      expect.arrayContaining(['Centro', 'Pichincha', 'Echesortu', 'Fisherton', 'Refinería']),
    )
    expect(barriosOf('Córdoba')).toEqual(
      expect.arrayContaining(['Nueva Córdoba', 'Güemes', 'General Paz', 'Cerro de las Rosas']),
    )
    expect(barriosOf('Mendoza')).toEqual(
      expect.arrayContaining(['Primera Sección', 'Sexta Sección']),
    )
    expect(barriosOf('Luján de Cuyo')).toContain('Chacras de Coria')
  })

  test('ensureBuiltinGazetteer loads the list once; the service loads it lazily when empty', async () => {
    const repo = createGeoRepository(app.db)
    await ensureBuiltinGazetteer(app.db)
    expect(await repo.count('builtin')).toBe(BUILTIN_PLACES.length)
    expect(await ensureBuiltinGazetteer(app.db)).toEqual({ inserted: 0 })
    expect(await repo.count('builtin')).toBe(BUILTIN_PLACES.length)

    await app.db.delete(localities)
    const fresh = createGeoService(app.db)
    const { candidates, status } = await fresh.findPlace('Rosario')
    expect(status).toBe('OK')
    expect(candidates[0]?.place_id).toBe('builtin:s:rosario')
    expect(await repo.count()).toBe(BUILTIN_PLACES.length)
  })
})

describe('GET /api/v1/geo/places', () => {
  test('is accent- and case-insensitive', async () => {
    const nunez = await find('nunez')
    expect(nunez.status).toBe('OK')
    expect(nunez.candidates[0]).toEqual({
      name: 'Núñez',
      place_id: 'builtin:c:nunez',
      formatted_address: 'Núñez, Ciudad Autónoma de Buenos Aires, Argentina',
      geometry: { location: { lat: expect.any(Number), lng: expect.any(Number) } },
      geocoded_by: 'locality',
      locality: { neighbourhood: 'Núñez', city: 'Ciudad Autónoma de Buenos Aires' },
    })

    const pichincha = await find('Pichincha')
    expect(pichincha.candidates[0]?.locality).toEqual({
      neighbourhood: 'Pichincha',
      city: 'Rosario',
    })

    const cordoba = await find('CORDOBA')
    expect(cordoba.candidates[0]?.name).toBe('Córdoba')
    expect(cordoba.candidates[0]?.locality).toEqual({ neighbourhood: null, city: 'Córdoba' })
    expect(cordoba.candidates[0]?.formatted_address).toBe('Córdoba, Córdoba, Argentina')

    const nueva = await find('  Nueva   Cordoba ')
    expect(nueva.candidates[0]?.formatted_address).toBe(
      'Nueva Córdoba, Córdoba, Córdoba, Argentina',
    )
    expect((await find('VÉLEZ sársfield')).candidates[0]?.name).toBe('Vélez Sarsfield')
  })

  test('ranks exact > prefix > word prefix, then capitals and cities before barrios', async () => {
    const san = await find('San', 10)
    expect(san.candidates).toHaveLength(10)
    const byId = new Map(BUILTIN_PLACES.map((p) => [p.id, p]))
    const ranks = san.candidates.map((c) => byId.get(c.place_id)?.rank ?? 0)
    expect(ranks.slice(0, 5).every((r) => r >= 100)).toBe(true)
    expect(san.candidates.slice(0, 5).map((c) => c.name)).toEqual(
      expect.arrayContaining(['San Juan', 'San Luis', 'San Miguel de Tucumán']),
    )
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks)

    const palermo = await find('Palermo')
    expect(palermo.candidates[0]?.place_id).toBe('builtin:c:palermo')
    expect(palermo.candidates[0]?.formatted_address).toBe(
      'Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
    )

    // An exact name beats a longer name that starts with it.
    expect((await find('Belgrano')).candidates[0]?.name).toBe('Belgrano')
    // "Flores" is exact for the barrio; "Floresta" follows as a prefix match.
    const flores = await find('flores')
    expect(flores.candidates.map((c) => c.name).slice(0, 2)).toEqual(['Flores', 'Floresta'])
    // Word prefix: "Cruz" finds Godoy Cruz.
    expect((await find('cruz')).candidates.map((c) => c.name)).toContain('Godoy Cruz')
  })

  test('a city or province part narrows the match', async () => {
    const rosario = await find('Centro, Rosario')
    const cordoba = await find('Centro, Córdoba')
    expect(rosario.candidates[0]?.place_id).toBe('builtin:s:rosario-centro')
    expect(cordoba.candidates[0]?.place_id).toBe('builtin:x:cordoba-centro')
    expect(rosario.candidates[0]?.formatted_address).toBe('Centro, Rosario, Santa Fe, Argentina')
    expect(rosario.candidates[0]?.geometry).not.toEqual(cordoba.candidates[0]?.geometry)

    expect((await find('palermo, caba')).candidates[0]?.place_id).toBe('builtin:c:palermo')
    expect((await find('Palermo, Capital Federal, Argentina')).candidates[0]?.name).toBe('Palermo')
    expect((await find('Av. Corrientes 1234, Almagro')).candidates[0]?.place_id).toBe(
      'builtin:c:almagro',
    )
    const sanMartin = await find('San Martín, Mendoza')
    expect(sanMartin.candidates[0]?.place_id).toBe('builtin:m:san-martin')
    expect((await find('San Martín, Bs As')).candidates[0]?.place_id).toBe('builtin:b:san-martin')
    expect((await find('Chacras de Coria, Mza.')).candidates[0]?.formatted_address).toBe(
      'Chacras de Coria, Luján de Cuyo, Mendoza, Argentina',
    )
    expect((await find('Córdoba Capital')).candidates[0]?.place_id).toBe('builtin:x:cordoba')
    expect((await find('jose c paz')).candidates[0]?.name).toBe('José C. Paz')
    expect((await find('Ramos Mejia, Bs. As.')).candidates[0]?.formatted_address).toBe(
      'Ramos Mejía, La Matanza, Buenos Aires, Argentina',
    )
    // A bare province name puts its capital first.
    expect((await find('CABA')).candidates[0]?.place_id).toBe(
      'builtin:c:ciudad-autonoma-de-buenos-aires',
    )
    expect((await find('Santa Fe')).candidates[0]?.place_id).toBe('builtin:s:santa-fe')
    // Only a street and a province: the province's capital.
    expect((await find('Calle Falsa 123, Córdoba')).candidates[0]?.place_id).toBe(
      'builtin:x:cordoba',
    )
  })

  test('limit caps the candidates; nonsense is ZERO_RESULTS with HTTP 200', async () => {
    expect((await find('villa', 3)).candidates).toHaveLength(3)
    expect((await find('villa')).candidates).toHaveLength(5)
    expect(await find('xqzzyv wwk')).toEqual({ candidates: [], status: 'ZERO_RESULTS' })
    expect(await find('%_%')).toEqual({ candidates: [], status: 'ZERO_RESULTS' })
  })

  test('missing, empty or one-letter input is our standard 400', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/v1/geo/places' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().code).toBe('MISSING_REQUIRED_FIELD')
    const short = await app.inject({ method: 'GET', url: '/api/v1/geo/places?input=a' })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'input' }] })
    const tooMany = await app.inject({
      method: 'GET',
      url: '/api/v1/geo/places?input=Rosario&limit=50',
    })
    expect(tooMany.statusCode).toBe(400)
  })
})

describe('GET /api/v1/geo/places/:placeId and /geo/reverse', () => {
  test('details by place_id; an unknown id is NOT_FOUND with HTTP 200 and no result', async () => {
    const palermo = await details('builtin:c:palermo')
    expect(palermo.status).toBe('OK')
    expect(palermo.result).toMatchObject({
      name: 'Palermo',
      place_id: 'builtin:c:palermo',
      geometry: {
        location: { lat: expect.closeTo(-34.5739, 3), lng: expect.closeTo(-58.4224, 3) },
      },
    })
    expect(await details('builtin:c:no-existe')).toEqual({ status: 'NOT_FOUND' })
  })

  test('reverse finds the nearest locality', async () => {
    const near = async (lat: number, lng: number) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/geo/reverse',
        query: { lat: String(lat), lng: String(lng) },
      })
      expect(res.statusCode).toBe(200)
      return res.json() as PlaceDetailsResponse
    }
    // Plaza Italia-ish, a few hundred metres from Palermo's point.
    expect((await near(-34.576, -58.4205)).result?.name).toBe('Palermo')
    expect((await near(-32.9268, -60.7335)).result?.place_id).toBe('builtin:s:rosario-fisherton')
    // Far out in the Patagonian steppe: still the nearest place, however far.
    expect((await near(-44.5, -69.0)).status).toBe('OK')
    const bad = await app.inject({ method: 'GET', url: '/api/v1/geo/reverse?lat=100&lng=0' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('importing a georef-ar localities file', () => {
  test('the CSV parser handles quotes, escaped quotes, line breaks in quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n\r\n2,"multi\nline",\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'multi\nline', ''],
    ])
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
  })

  const header =
    'name,province_code,province,department,lat,lon,population,type,bahra_id,locality_id,parent_locality'
  const fixture = [
    header,
    'Aldea Prueba,B,Buenos Aires,Tandil,-37.301,-59.101,1234,LS,99000010000,99000010,',
    '"Paraje ""El Ombú""",E,Entre Ríos,Paraná,-31.7,-60.4,,LS,99000020000,99000020,',
    'Lago Fixture,V,"Tierra del Fuego, Antártida e Islas del Atlántico Sur",Ushuaia,-54.7,-68.1,,LS,99000030000,99000030,',
    'VILLA ORTUZAR,C,Ciudad Autónoma de Buenos Aires,Comuna 15,-34.581,-58.468,,E,99000040001,99000040,Ciudad Autónoma de Buenos Aires',
    'BARRIO LAS QUINTAS PRUEBA,X,Córdoba,Santa María,-31.55,-64.43,,E,99000050001,99000050,Los Cedros',
    'Ciudad Fixture,S,Santa Fe,Rosario,-32.95,-60.70,,LD,,99000060,',
    'Fuera de Rango,B,Buenos Aires,Tandil,-12.0,-59.1,,LS,99000070000,99000070,',
    'Provincia Mala,ZZ,Nada,Nada,-34.0,-59.0,,LS,99000080000,99000080,',
    'Aldea Prueba Repetida,B,Buenos Aires,Tandil,-37.301,-59.101,,LS,99000010000,99000010,',
  ].join('\r\n')

  test('imports valid rows, skips invalid and repeated ones, and is idempotent', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'barrio-geo-'))
    const file = path.join(dir, 'localidades.csv')
    writeFileSync(file, fixture + '\r\n')
    const progress: unknown[] = []
    const first = await importLocalities(app.db, file, { onProgress: (c) => progress.push(c) })
    expect(first).toEqual({ read: 9, imported: 6, skipped: 3 })
    expect(progress.at(-1)).toEqual(first)

    const repo = createGeoRepository(app.db)
    expect(await repo.count('georef')).toBe(6)
    expect(await importLocalities(app.db, file)).toEqual(first)
    expect(await repo.count('georef')).toBe(6)

    const ombu = await repo.findById('georef:99000020')
    expect(ombu).toMatchObject({ name: 'Paraje "El Ombú"', kind: 'locality', provinceCode: 'E' })
    // Barrios are keyed by their own BAHRA id, named properly, and keep their parent.
    expect(await repo.findById('georef:99000040001')).toMatchObject({
      name: 'Villa Ortúzar',
      kind: 'barrio',
      parent: CABA,
      source: 'georef',
    })
    expect((await repo.findById('georef:99000050001'))?.name).toBe('Barrio Las Quintas Prueba')
    expect((await repo.findById('georef:99000060'))?.kind).toBe('city')

    expect((await find('aldea prueba')).candidates[0]).toMatchObject({
      place_id: 'georef:99000010',
      formatted_address: 'Aldea Prueba, Tandil, Buenos Aires, Argentina',
    })
    expect((await find('lago fixture')).candidates[0]?.formatted_address).toBe(
      'Lago Fixture, Ushuaia, Tierra del Fuego, Argentina',
    )
    // The built-in Villa Ortúzar still answers first, and only once.
    const ortuzar = await find('Villa Ortuzar')
    expect(ortuzar.candidates.map((c) => c.place_id)).toEqual(['builtin:c:villa-ortuzar'])

    await app.db.delete(localities).where(eq(localities.source, 'georef'))
  })

  test('rejects a file that is not a georef localities file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'barrio-geo-'))
    const file = path.join(dir, 'otro.csv')
    writeFileSync(file, 'foo,bar\n1,2\n')
    await expect(importLocalities(app.db, file)).rejects.toThrow(/georef-ar/)
  })

  // The one conditional skip: the shared data folder lives beside the project, not in it.
  test.skipIf(!existsSync(SHARED_CSV))(
    existsSync(SHARED_CSV)
      ? 'imports the full georef-ar file'
      : `imports the full georef-ar file — SKIPPED: ${SHARED_CSV} not found`,
    async () => {
      const counts = await importLocalities(app.db, SHARED_CSV)
      expect(counts.imported).toBeGreaterThanOrEqual(4000)
      expect(counts.read).toBe(counts.imported + counts.skipped)
      const repo = createGeoRepository(app.db)
      expect(await repo.count('georef')).toBeGreaterThanOrEqual(4000)

      const tolhuin = await find('tolhuin')
      expect(tolhuin.candidates[0]?.formatted_address).toBe(
        'Tolhuin, Río Grande, Tierra del Fuego, Argentina',
      )
      // Built-in entries still rank first and georef twins are folded into them.
      const palermo = await find('Palermo')
      expect(palermo.candidates[0]?.place_id).toBe('builtin:c:palermo')
      expect(palermo.candidates.filter((c) => c.name === 'Palermo')).toHaveLength(1)
      const mdq = (await find('Mar del Plata')).candidates
      expect(mdq[0]?.place_id).toBe('builtin:b:mar-del-plata')
      expect(mdq.filter((c) => c.formatted_address.includes('Buenos Aires'))).toHaveLength(1)
      const san = await find('San')
      expect(san.candidates.every((c) => c.place_id.startsWith('builtin:'))).toBe(true)
      expect((await find('Centro, Rosario')).candidates[0]?.place_id).toBe(
        'builtin:s:rosario-centro',
      )
    },
  )
})
