import Fastify from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createRedisBus, type Bus } from '../../src/integrations/bus.ts'
import { eventually, redisForRun } from './cluster.ts'

// Three buses stand for three processes: two share this run's prefix, one has another prefix.
const log = Fastify({ logger: false }).log
let redis: Awaited<ReturnType<typeof redisForRun>>
const publishers: Redis[] = []
let a: Bus
let b: Bus
let stranger: Bus

async function busWith(prefix: string) {
  const publisher = new Redis(redis.url)
  publishers.push(publisher)
  return createRedisBus({ publisher, url: redis.url, prefix, log })
}

beforeAll(async () => {
  redis = await redisForRun()
  a = await busWith(redis.prefix)
  b = await busWith(redis.prefix)
  stranger = await busWith(`${redis.prefix}other:`)
})
afterAll(async () => {
  for (const bus of [a, b, stranger]) await bus?.close()
  for (const p of publishers) p.disconnect()
  await redis.clear()
})

describe('Redis bus', () => {
  test('a message reaches its own process at once and every other process once', async () => {
    const onA: unknown[] = []
    const onB: unknown[] = []
    const onStranger: unknown[] = []
    a.subscribe('orders.changed:9', (p) => onA.push(p))
    b.subscribe('orders.changed:9', (p) => onB.push(p))
    stranger.subscribe('orders.changed:9', (p) => onStranger.push(p))
    a.publish('orders.changed:9', { status: 'paid' })
    // Synchronous on the publishing process: its very next request sees the change.
    expect(onA).toEqual([{ status: 'paid' }])
    await eventually('B to receive it', async () => onB.length > 0)
    // A marker published after it, to know that anything else would have arrived by now.
    const markers: unknown[] = []
    b.subscribe('marker', (p) => markers.push(p))
    a.publish('marker', 1)
    await eventually('the marker on B', async () => markers.length > 0)
    expect(onA).toEqual([{ status: 'paid' }])
    expect(onB).toEqual([{ status: 'paid' }])
    // Another prefix is another deployment (or test run): nothing crosses.
    expect(onStranger).toEqual([])
  })
})
