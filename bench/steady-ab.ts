/**
 * A/B of API builds in steady state: each build's API (`<dir>/apps/api/dist/server.js`) is
 * started on a database kept by `search.bench.ts` or `nearby.bench.ts` (`BENCH_KEEP_DB=1`), with the Redis bus (60 s catalogue caches and their grace),
 * loaded `WARM` seconds (default 90: past the first expiries, which every cache filled in the first
 * seconds meets together), then measured `MEASURE` seconds (default 30) at 50 connections, a new
 * point in the barrio (and a new text of `search-words.ts` unless `NO_TEXT=1`) per request:
 * req/s, p50, p99 and the API process's CPU per request (from /proc, so the load generator's own
 * CPU does not count). Run the builds alternated, twice each: this host's figures move ±25 %
 * between runs of one build (bench/README.md, search, twelfth pass).
 *
 * npx tsx bench/steady-ab.ts <database> <route> <checkout dir>...
 * e.g. git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules &&
 *      (cd /tmp/base/apps/api && node build.mjs) && npm run build -w @barrio/api &&
 *      npx tsx bench/steady-ab.ts barrio_bench_1c1e95a9 /search /tmp/base . /tmp/base .
 */
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { processCpu, startChild, stopChild } from './bench-children.ts'
import { QUERIES } from './search-words.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [database, route, ...builds] = process.argv.slice(2)
if (!database || !route || builds.length === 0)
  throw new Error('usage: steady-ab.ts <database> <route> <checkout dir>...')
const WARM = Number(process.env.WARM ?? 90)
const MEASURE = Number(process.env.MEASURE ?? 30)
const PORT = 3921

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!
const nextPath = () =>
  `/api/v1${route}?${new URLSearchParams({
    ...(process.env.NO_TEXT ? {} : { q: pick(QUERIES).text }),
    lat: (-34.6037 + (Math.random() - 0.5) * 0.03).toFixed(6),
    lng: (-58.4 + (Math.random() - 0.5) * 0.03).toFixed(6),
  })}`
const load = (seconds: number) =>
  autocannon({
    url: `http://127.0.0.1:${PORT}${nextPath()}`,
    connections: 50,
    duration: seconds,
    requests: [{ setupRequest: (req: { path: string }) => ({ ...req, path: nextPath() }) }],
  })
for (const dir of builds) {
  const api = await startChild(
    path.resolve(dir, 'apps/api/dist/server.js'),
    [],
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED: 'none',
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      DATA_DIR: path.join(root, 'bench/results/data'),
      LOG_LEVEL: 'warn',
    },
    `http://127.0.0.1:${PORT}/api/v1/health`,
  )
  await load(WARM)
  const before = processCpu(api.pid!)!.cpuMs
  const r = await load(MEASURE)
  const perRequest = ((processCpu(api.pid!)!.cpuMs - before) * 1000) / (r.requests.total ?? 0)
  console.log(
    `${dir} ${route}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, ` +
      `p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}, API CPU ${Math.round(perRequest)} µs ` +
      `per request, load ${os.loadavg()[0]!.toFixed(1)}`,
  )
  await stopChild(api)
}
