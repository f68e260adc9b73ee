import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCatalogCache } from './catalog.cache.ts'

// Issue 26: an answer that says "open now" must not outlive the shop's closing minute, whatever
// the cache's TTL (60 s on the embedded database).
describe('cached answers and store time', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('an answer expires when one of its shops opens or closes, before its TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T19:59:30-03:00'))
    const cache = createCatalogCache({ ttlMs: 60_000, maxCells: 1, maxAnswers: 10, maxStores: 10 })
    const closing = new Date('2026-11-30T20:00:00-03:00').getTime()
    let built = 0
    const compute = async () => {
      built++
      const body = Buffer.from(`answer ${built}`)
      cache.putAnswer('k', cache.stamp(), body, ['store'], closing)
      return body
    }
    expect(String(await cache.answer('k', compute))).toBe('answer 1')
    vi.setSystemTime(new Date('2026-11-30T19:59:59-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 1')
    vi.setSystemTime(new Date('2026-11-30T20:00:00-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 2')
  })

  it('without a change of any shop within the TTL, the TTL alone bounds it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T10:00:00-03:00'))
    const cache = createCatalogCache({ ttlMs: 60_000, maxCells: 1, maxAnswers: 10, maxStores: 10 })
    let built = 0
    const compute = async () => {
      const body = Buffer.from(`answer ${++built}`)
      cache.putAnswer('k', cache.stamp(), body, ['store'], null)
      return body
    }
    await cache.answer('k', compute)
    vi.setSystemTime(new Date('2026-11-30T10:00:59-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 1')
    vi.setSystemTime(new Date('2026-11-30T10:01:00-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 2')
  })
})
