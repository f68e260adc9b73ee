import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'

const here = path.dirname(fileURLToPath(import.meta.url))
export const apiRoot = path.resolve(here, '..', '..')
const repoRoot = path.resolve(apiRoot, '..', '..')
const serverJs = path.join(apiRoot, 'dist', 'server.js')
/** The checked-in balancer configuration: the test runs this very file. */
export const nginxTemplate = path.join(repoRoot, 'deploy', 'nginx.conf')

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Waits for `check` to hold, asking again every `everyMs`; `guardMs` only stops a hang. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  { guardMs = 60_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + guardMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL (or the local one). */
export async function createDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const name = `barrio_mp_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** The machine's Redis with a key prefix of this run only; `clear()` deletes its keys. */
export async function redisForRun() {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const prefix = `barrio-mp-${randomUUID().slice(0, 8)}:`
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 })
  await client.connect()
  return {
    url,
    prefix,
    client,
    async keys() {
      return client.keys(`${prefix}*`)
    },
    async clear() {
      const keys = await client.keys(`${prefix}*`)
      if (keys.length) await client.del(...keys)
      client.disconnect()
    },
  }
}

export type Mail = { to: string[]; raw: string }

/** A loopback SMTP server that records every message; `delayMs` slows each acceptance. */
export async function smtpSink() {
  const messages: Mail[] = []
  const state = { delayMs: 0 }
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        setTimeout(() => callback(), state.delayMs)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    state,
    countTo: (address: string) => messages.filter((m) => m.to.includes(address)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type ApiProcess = {
  name: string
  port: number
  base: string
  child: ChildProcess
  output: string[]
  exited: Promise<number | null>
}

/** Starts one built API process (dist/server.js) with the shared settings. */
export function startApi(name: string, port: number, env: Record<string, string>): ApiProcess {
  if (!existsSync(serverJs))
    throw new Error(`${serverJs} is missing: run \`npm run build\` before the multi-process test`)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `barrio-mp-${name}-`))
  const child = spawn(process.execPath, [serverJs], {
    cwd: apiRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk))
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true })
      resolve(code)
    })
  })
  return { name, port, base: `http://127.0.0.1:${port}`, child, output, exited }
}

export async function waitHealthy(api: ApiProcess) {
  let exitedEarly = false
  void api.exited.then(() => (exitedEarly = true))
  await eventually(
    `${api.name} to answer /api/v1/health`,
    async () => {
      if (exitedEarly) throw new Error(`${api.name} exited:\n${api.output.join('')}`)
      try {
        const res = await fetch(`${api.base}/api/v1/health`)
        return res.ok
      } catch {
        return false
      }
    },
    { guardMs: 200_000, everyMs: 250 },
  )
}

/**
 * nginx from Debian (`apt-get install nginx`; .ci/run installs it) running
 * deploy/nginx.conf with this run's ports, in the foreground, its scratch files in a temp folder.
 */
export async function startNginx(listenPort: number, upstreamPorts: number[]) {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p))
  if (!binary) throw new Error('nginx is not installed: apt-get install -y nginx')
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-mp-nginx-'))
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(stateDir, sub))
  const config = readFileSync(nginxTemplate, 'utf8')
    .replaceAll('${LISTEN}', `127.0.0.1:${listenPort}`)
    .replaceAll(
      '${UPSTREAM_SERVERS}',
      upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n'),
    )
    .replaceAll('${STATE_DIR}', stateDir)
  const configFile = path.join(stateDir, 'nginx.conf')
  writeFileSync(configFile, config)
  // Run as root (CI), nginx's workers would switch to "nobody", who cannot use this folder.
  const asRoot = process.getuid?.() === 0 ? 'user root;' : ''
  const globals = `daemon off; pid ${stateDir}/nginx.pid; error_log ${stateDir}/error.log warn; ${asRoot}`
  // -e: the log of start-up itself, before the configuration is read (the default is /var/log).
  const args = ['-p', stateDir, '-e', `${stateDir}/error.log`, '-c', configFile, '-g', globals]
  const test = spawnSync(binary, ['-t', '-q', ...args], { encoding: 'utf8' })
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`)
  const child = spawn(binary, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const base = `http://127.0.0.1:${listenPort}`
  await eventually('nginx to listen', async () => {
    try {
      await fetch(`${base}/api/v1/health`)
      return true
    } catch {
      return false
    }
  })
  return {
    base,
    errorLog: () => readFileSync(path.join(stateDir, 'error.log'), 'utf8'),
    async stop() {
      child.kill('SIGQUIT')
      await exited
      rmSync(stateDir, { recursive: true, force: true })
    },
  }
}

/** A client with its own cookies, talking to whichever base URL each call names. */
export function client() {
  const jar = new Map<string, string>()
  async function call(
    base: string,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const text = await res.text()
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = null
    }
    return { status: res.status, json: json as Record<string, unknown>, text }
  }
  return {
    call,
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  }
}

/** An open server-sent events stream: every event's data, and whether the server ended it. */
export function openEvents(base: string, url: string, cookie: string) {
  const events: Array<{ event: string; data: string }> = []
  let buffer = ''
  let opened = false
  let ended = false
  let status = 0
  const target = new URL(`${base}/api/v1${url}`)
  const req = http.get(
    { host: target.hostname, port: target.port, path: target.pathname, headers: { cookie } },
    (res) => {
      status = res.statusCode ?? 0
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        opened = true
        buffer += chunk
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event && data !== undefined) events.push({ event, data })
        }
      })
      res.on('end', () => (ended = true))
      res.on('close', () => (ended = true))
    },
  )
  req.on('error', () => (ended = true))
  return {
    events,
    status: () => status,
    isOpen: () => opened,
    hasEnded: () => ended,
    close: () => req.destroy(),
  }
}
