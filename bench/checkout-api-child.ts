/**
 * The built API (apps/api/dist/server.js) with every SQL statement counted, for
 * `checkout.bench.ts`: node-postgres' `Client.prototype.query` is wrapped before the server loads
 * (BEGIN, COMMIT and every query of the pool count one each), and a second tiny server on
 * BENCH_COUNTER_PORT answers `GET /` with the count so far and `POST /` sets it back to 0.
 * PGlite runs no node-postgres client: its count stays 0. `GET /cpu` answers the process's CPU time
 * so far in ms (user + system), for the CPU each order costs the API.
 */
import { appendFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import pg from 'pg'

let statements = 0
/** BENCH_SQL_LOG: a file that gets every statement's text too (to see what a call runs). */
const sqlLog = process.env.BENCH_SQL_LOG
const query = pg.Client.prototype.query
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1
  if (sqlLog) {
    const first = args[0] as string | { text?: string }
    const text = typeof first === 'string' ? first : (first?.text ?? '?')
    appendFileSync(sqlLog, `${text.replace(/\s+/g, ' ').slice(0, 300)}\n`)
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args)
} as typeof query

createServer((req, res) => {
  // The API process's CPU time so far (user + system, ms): what a flow costs it, whatever the load.
  if (req.url === '/cpu') {
    const { user, system } = process.cpuUsage()
    res.end(String((user + system) / 1000))
    return
  }
  if (req.method === 'POST') {
    statements = 0
    if (sqlLog) appendFileSync(sqlLog, `--- ${req.url}\n`)
  }
  res.end(String(statements))
}).listen(Number(process.env.BENCH_COUNTER_PORT), '127.0.0.1')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** BENCH_API_DIST: another build's folder (an A/B run against a copy of an older build). */
const dist = path.resolve(root, process.env.BENCH_API_DIST ?? 'apps/api/dist')
await import(pathToFileURL(path.join(dist, 'server.js')).href)
