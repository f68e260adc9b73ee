import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../test/build-test-app.ts'
import { registration } from '../../test/factories.ts'
import { eventually, freePort } from '../../test/multi-process/cluster.ts'
import { killRedisServer, startRedisServer } from '../../test/redis-server.ts'
import { buildApp, type App } from '../app.ts'
import { parseEnv } from '../config/env.ts'

// Redis killed mid-run (issue 22): the probe saw every rate-limited call wait ~6 s per limit for
// ioredis's reconnection attempts. This file starts its own Debian redis-server (`.ci/run`
// installs it), kills it under a running app and starts it again on the same port.

let port: number
let redisProcess: ChildProcess | null = null
let app: App
const prefix = `barrio-outage-${randomUUID().slice(0, 8)}:`
const logLines: Array<{ level: number; msg: string }> = []

async function startRedis(): Promise<void> {
  redisProcess = await startRedisServer(port)
}

async function killRedis(): Promise<void> {
  await killRedisServer(redisProcess)
  redisProcess = null
}

/** Our own connection to the test's Redis, to read what the limiter counted there. */
async function limiterKeys(): Promise<Record<string, string | null>> {
  const client = new Redis({ port, maxRetriesPerRequest: 0 })
  try {
    const keys = await client.keys(`${prefix}rl:*`)
    const values = keys.length ? await client.mget(...keys) : []
    return Object.fromEntries(keys.map((k, i) => [k, values[i] ?? null]))
  } finally {
    client.disconnect()
  }
}

/** A registered account, never signed in: its limiter bucket is empty. */
async function account(): Promise<string> {
  const data = registration()
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: data })
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`)
  return data.userName
}
const login = (userName: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userName, password: 'not-the-password' },
  })
const genDeviceId = (remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url: '/api/v1/auth/gen-device-id', remoteAddress })
const health = async () => (await app.inject({ method: 'GET', url: '/api/v1/health' })).json()

beforeAll(async () => {
  port = await freePort()
  await startRedis()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-test-'))
  const env = parseEnv({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'x'.repeat(48),
    REDIS_URL: `redis://127.0.0.1:${port}`,
    REDIS_PREFIX: prefix,
    // Small budgets, so the test can see a limit reached while Redis is down.
    RATE_LIMIT_ACCOUNT_MAX: '3',
    RATE_LIMIT_ANON_CREATE_MAX: '3',
  })
  const database = await openTestDatabase()
  const logs = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logLines.push(JSON.parse(line) as { level: number; msg: string })
      done()
    },
  })
  app = await buildApp({ env, database, webDist: null, logger: { level: 'info', stream: logs } })
  app.addHook('onClose', async () => {
    await database.close()
  })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await killRedis()
})

describe('Redis killed under a running process', () => {
  test('limits count in Redis while it is up; health says so', async () => {
    expect(await health()).toMatchObject({ status: 'ok', redis: 'up' })
    expect((await login(await account())).statusCode).toBe(401)
    const counted = await limiterKeys()
    expect(Object.values(counted)).toContain('1')
  })

  test('while Redis is down no call waits for it, the limits hold in memory, health says down; back when it is', async () => {
    const client = app.redis!.client
    const sent: string[] = []
    const send = client.sendCommand.bind(client)
    client.sendCommand = ((command, stream) => {
      sent.push(command.name)
      return send(command, stream)
    }) as typeof client.sendCommand

    const [atKill, whileDown, afterBack] = [await account(), await account(), await account()]
    await killRedis()
    // A call at the very moment of the kill, before the connection's loss is seen, is not held.
    expect((await login(atKill)).statusCode).toBe(401)
    await eventually('health to say redis down', async () => (await health()).redis === 'down')
    // Down is not unhealthy: the process serves.
    expect(await health()).toMatchObject({ status: 'ok', database: 'up', redis: 'down' })

    sent.length = 0
    // Rate-limited calls answer as usual, without a single command tried on the dead connection,
    // so none waits for ioredis's reconnection (the probe's 6 s per limit).
    expect((await login(whileDown)).statusCode).toBe(401)
    // And the limits still hold, counted in this process's memory meanwhile rather than waved
    // through: new device ids per address (RATE_LIMIT_ANON_CREATE_MAX=3), and sign-in attempts
    // for a name no account has (so the database's own per-account lock plays no part).
    const devices = []
    for (let i = 0; i < 4; i++) devices.push((await genDeviceId('203.0.113.7')).statusCode)
    expect(devices).toEqual([200, 200, 200, 429])
    const nobody = `nadie_${randomUUID().slice(0, 8)}`
    const guesses = []
    for (let i = 0; i < 4; i++) guesses.push((await login(nobody)).statusCode)
    expect(guesses).toEqual([404, 404, 404, 429])
    app.bus.publish('orders.changed:outage', { status: 'paid' })
    expect(sent).toEqual([])

    await startRedis()
    await eventually('health to say redis up', async () => (await health()).redis === 'up')
    expect((await login(afterBack)).statusCode).toBe(401)
    const counted = await limiterKeys()
    expect(Object.entries(counted).filter(([k]) => k.includes(afterBack))).toEqual([
      [expect.stringContaining(afterBack), '1'],
    ])

    // One line when Redis went, one when it came back: not one per failed command or retry.
    const down = logLines.filter((l) => l.msg.startsWith('redis unreachable'))
    const back = logLines.filter((l) => l.msg.startsWith('redis reachable again'))
    expect(down).toHaveLength(1)
    expect(back).toHaveLength(1)
    expect(logLines.filter((l) => l.level >= 40 && /redis|bus/i.test(l.msg))).toHaveLength(1)
  })

  test('a Redis that stops answering (stalled, connection open) opens the circuit after one timed-out command', async () => {
    const stalled = redisProcess!
    const [first, then] = [await account(), await account()]
    const downBefore = logLines.filter((l) => l.msg.startsWith('redis unreachable')).length
    stalled.kill('SIGSTOP')
    try {
      // The connection looks alive: the first command gets no answer and times out
      // (REDIS_COMMAND_TIMEOUT_MS), the call goes on, and Redis counts as down from then on.
      expect((await login(first)).statusCode).toBe(401)
      expect(await health()).toMatchObject({ status: 'ok', redis: 'down' })
      const client = app.redis!.client
      const sent: string[] = []
      const send = client.sendCommand.bind(client)
      client.sendCommand = ((command, stream) => {
        sent.push(command.name)
        return send(command, stream)
      }) as typeof client.sendCommand
      expect((await login(then)).statusCode).toBe(401)
      expect(sent.filter((name) => name !== 'info')).toEqual([])
    } finally {
      stalled.kill('SIGCONT')
    }
    await eventually('health to say redis up', async () => (await health()).redis === 'up')
    expect(logLines.filter((l) => l.msg.startsWith('redis unreachable')).length).toBe(
      downBefore + 1,
    )
  })
})
