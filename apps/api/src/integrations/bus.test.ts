import Fastify from 'fastify'
import { describe, expect, test } from 'vitest'
import { createLocalBus } from './bus.ts'

// The Redis bus (N processes) is proven by test/multi-process/bus.test.ts with a real Redis.
const log = Fastify({ logger: false }).log

describe('local bus (one process, no REDIS_URL)', () => {
  test('delivers to the subscribers of that channel only, at once, until they unsubscribe', () => {
    const bus = createLocalBus(log)
    const got: unknown[] = []
    const other: unknown[] = []
    const off = bus.subscribe('orders.changed:1', (p) => got.push(p))
    bus.subscribe('orders.changed:2', (p) => other.push(p))
    bus.publish('orders.changed:1', { n: 1 })
    expect(got).toEqual([{ n: 1 }])
    off()
    bus.publish('orders.changed:1', { n: 2 })
    expect(got).toEqual([{ n: 1 }])
    expect(other).toEqual([])
  })

  test('a listener that throws does not keep the message from the others', () => {
    const bus = createLocalBus(log)
    const got: unknown[] = []
    bus.subscribe('catalog.invalidate', () => {
      throw new Error('boom')
    })
    bus.subscribe('catalog.invalidate', (p) => got.push(p))
    bus.publish('catalog.invalidate', 'cell-1')
    expect(got).toEqual(['cell-1'])
  })
})
