/**
 * Where a GET /search or /search/suggest answer spends its time, on a database kept by
 * `BENCH_KEEP_DB=1 npx tsx bench/search.bench.ts`: the catalogue service as the API builds it
 * (server's cache settings), every repository call timed, for the bench's queries at random
 * points (~1.5 km around the CABA centre, then all 8 cities), one at a time. Prints each call's count per answer and its p50 / p99 and total share.
 *
 * Run: npx tsx bench/search-profile.ts postgres://postgres@127.0.0.1:5432/barrio_bench_… [answers]
 * PROFILE_TTL_MS=60000: the caches' life (default 1000, the API's without Redis; with Redis 60 s).
 * PROFILE_ROUNDS=2: each area and route that many times in a row (the later rounds: warm caches).
 *  or: BARRIO=-34.5885,-58.4305 npx tsx bench/search-profile.ts <DATA_DIR of a stopped API on PGlite>
 */
import path from 'node:path'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { benchCatalogService } from './catalog-service.ts'
import { QUERIES } from './search-words.ts'

const url = process.argv[2]
const ANSWERS = Number(process.argv[3] ?? 200)
const TTL_MS = Number(process.env.PROFILE_TTL_MS ?? 1000)
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 1)
if (!url) throw new Error('usage: search-profile.ts <database url> [answers]')

const CITIES: Array<[number, number, number]> = [
  [-34.6037, -58.4, 0.06],
  [-34.65, -58.55, 0.2],
  [-32.9468, -60.6393, 0.06],
  [-31.4201, -64.1888, 0.07],
  [-32.8895, -68.8458, 0.06],
  [-34.9214, -57.9545, 0.05],
  [-26.8083, -65.2176, 0.05],
  [-38.0055, -57.5426, 0.05],
]
/** The barrio's centre and spread (default the CABA centre; Plaza Serrano for the demo seed). */
const [barrioLat, barrioLng] = (process.env.BARRIO ?? '-34.6037,-58.4').split(',').map(Number)
const BARRIO = [barrioLat!, barrioLng!, 0.03] as const
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!

/** Time spent per method name, across all answers. */
const spent = new Map<string, number[]>()
function timed<T extends object>(prefix: string, target: T): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver) as unknown
      if (typeof value !== 'function') return value
      return async (...args: unknown[]) => {
        const started = performance.now()
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(obj, args)
        } finally {
          const name = `${prefix}.${String(key)}`
          if (!spent.has(name)) spent.set(name, [])
          spent.get(name)!.push(performance.now() - started)
        }
      }
    },
  })
}

// A PostgreSQL URL, or the DATA_DIR of a stopped API (PGlite: e.g. the demo seed's).
const database = url.startsWith('postgres')
  ? await openDatabase({ driver: 'postgres', url, max: 8 })
  : await openDatabase({ driver: 'pglite', dataDir: path.join(url, 'pglite') })
try {
  const service = benchCatalogService(database.db, {
    ttlMs: TTL_MS,
    wrap: (name, repository) => timed(name, repository),
  })
  const runs = (
    [
      ['barrio', 'search'],
      ['barrio', 'suggest'],
      ['cities', 'search'],
    ] as const
  ).flatMap((run) => Array.from({ length: ROUNDS }, (_, round) => [...run, round + 1] as const))
  for (const [area, route, round] of runs) {
    spent.clear()
    const totals: number[] = []
    for (let i = 0; i < ANSWERS; i++) {
      // The barrio: ~1.5 km around the CABA centre; or anywhere in the 8 cities.
      const [lat, lng, spread] = area === 'barrio' ? BARRIO : pick(CITIES)
      const point = {
        lat: lat + (Math.random() - 0.5) * spread,
        lng: lng + (Math.random() - 0.5) * spread,
      }
      const q = pick(QUERIES).text
      const started = performance.now()
      if (route === 'search')
        await service.search({ q, ...point, page: 1, limit: 9, storePage: 1, sort: 'relevance' })
      else await service.suggest({ q, ...point })
      totals.push(performance.now() - started)
    }
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0)
    const q = (list: number[], at: number) =>
      [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(at * list.length))]!
    console.log(
      `\n${route}, ${area} (round ${round}): ${ANSWERS} answers, p50 ${q(totals, 0.5).toFixed(1)} ms, p99 ${q(totals, 0.99).toFixed(1)} ms`,
    )
    console.log('| repository call | calls per answer | p50 | p99 | share of the time |')
    console.log('|---|---|---|---|---|')
    for (const [name, list] of [...spent].sort((a, b) => sum(b[1]) - sum(a[1])))
      console.log(
        `| ${name} | ${(list.length / ANSWERS).toFixed(2)} | ${q(list, 0.5).toFixed(1)} ms | ${q(list, 0.99).toFixed(1)} ms | ${((sum(list) / sum(totals)) * 100).toFixed(0)} % |`,
      )
  }
} finally {
  await database.close()
}
