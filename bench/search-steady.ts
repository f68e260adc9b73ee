/**
 * The CPU of a settled `/search` (or `/search/suggest`) answer, in process, on a database kept by
 * `BENCH_KEEP_DB=1 npx tsx bench/search.bench.ts`: the catalogue service as the API builds it with
 * the bus (60 s caches, the search index's grace), 50 answers at a time at new points in the barrio
 * (~1.5 km around the CABA centre) with the bench's queries, rounds of 2,000 until `WARM` seconds
 * have passed, then one measured round of 5,000: answers/s, CPU µs per answer (the process's user +
 * system time over the round) and repository calls per answer (≈ 0 once the caches hold the
 * barrio). `PROFILE=1` then profiles another 5,000 (V8's sampling profiler, 100 µs) and prints the
 * functions by self and inclusive time; the profile is written to bench/results/.
 *
 * Run: npx tsx bench/search-steady.ts <database name> [search|suggest]   (WARM=25 by default)
 * For an A/B, run it from two checkouts (a `git worktree` of the base) one after the other.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { benchCatalogService } from './catalog-service.ts'
import { QUERIES } from './search-words.ts'

const [name, route = 'search'] = process.argv.slice(2)
if (!name) throw new Error('usage: search-steady.ts <database name> [search|suggest]')
const WARM_S = Number(process.env.WARM ?? 25)
const TTL_MS = 60_000
const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results')

const database = await openDatabase({
  driver: 'postgres',
  url: `postgres://postgres@127.0.0.1:5432/${name}`,
  max: 10,
})
let repositoryCalls = 0
/** Counts every repository call (each is one statement or a small batch of them). */
function counted<T extends object>(target: T): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        repositoryCalls++
        return (value as (...a: unknown[]) => unknown).apply(obj, args)
      }
    },
  })
}
const service = benchCatalogService(database.db, {
  ttlMs: TTL_MS,
  staleMs: TTL_MS,
  wrap: (_name, repository) => counted(repository),
})

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!
async function answer() {
  const q = pick(QUERIES).text
  const lat = -34.6037 + (Math.random() - 0.5) * 0.03
  const lng = -58.4 + (Math.random() - 0.5) * 0.03
  const body =
    route === 'search'
      ? await service.search({ q, lat, lng, page: 1, limit: 9, storePage: 1, sort: 'relevance' })
      : await service.suggest({ q, lat, lng })
  // The route sends /search's JSON as built, and serializes the suggestions: so does this.
  return 'json' in body ? body.json.length : JSON.stringify(body).length
}

async function round(n: number) {
  let started = 0
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  const calls0 = repositoryCalls
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (started++ < n) await answer()
    }),
  )
  const cpu = process.cpuUsage(cpu0)
  return {
    perSecond: (n / (performance.now() - t0)) * 1000,
    cpuMicros: (cpu.user + cpu.system) / n,
    calls: (repositoryCalls - calls0) / n,
  }
}
const line = (label: string, r: Awaited<ReturnType<typeof round>>) =>
  console.log(
    `${label}: ${r.perSecond.toFixed(0)} answers/s, ${r.cpuMicros.toFixed(0)} µs CPU per answer, ${r.calls.toFixed(3)} repository calls per answer`,
  )

const until = Date.now() + WARM_S * 1000
for (let i = 1; Date.now() < until; i++) line(`warm ${i}`, await round(2000))
line('MEASURED', await round(5000))

if (process.env.PROFILE) {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  await session.post('Profiler.start')
  await round(5000)
  const { profile } = await session.post('Profiler.stop')
  mkdirSync(results, { recursive: true })
  writeFileSync(path.join(results, 'search-steady.cpuprofile'), JSON.stringify(profile))
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const hits = new Map<number, number>()
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1)
  const total = profile.samples?.length ?? 1
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  const nameOf = (id: number) => {
    const f = byId.get(id)!.callFrame
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}`
  }
  for (const [id, n] of hits) {
    self.set(nameOf(id), (self.get(nameOf(id)) ?? 0) + n)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = nameOf(at)
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + n)
      seen.add(key)
    }
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1)} % ${k}`)
      .join('\n')
  console.log(`\nself time\n${top(self)}\n\ninclusive time\n${top(inclusive)}`)
}
await database.close()
