import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { confirmOrder, customerWithAddress, shopForCheckout } from '../../../test/factories.ts'

type Stream = {
  status: number
  headers: http.IncomingHttpHeaders
  text: () => string
  ended: Promise<void>
  isEnded: () => boolean
  seen: (needle: string) => Promise<void>
  destroy: () => void
}

let app: TestApp | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

async function start(env: Record<string, string> = {}) {
  app = await buildTestApp({ RATE_LIMIT_IP_MAX: '100000', ...env })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as AddressInfo).port }
}

/** A customer with one order, to open its live page. */
async function customerWithOrder(a: TestApp) {
  const shop = await shopForCheckout(a)
  const c = await customerWithAddress(a)
  const { response: res } = await confirmOrder(a, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
    deliveryType: 'pickup',
    paymentMethod: 'cash',
  })
  return { c, orderId: (res.json() as { order: { _id: string } }).order._id }
}

/** Opens GET /orders/{id}/stream over real HTTP; resolves once the status line arrived. */
function openStream(port: number, orderId: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: `/api/v1/orders/${orderId}/stream`, headers: { cookie } },
      (res) => {
        let body = ''
        let ended = false
        const waiters: Array<() => void> = []
        const ended$ = new Promise<void>((done) => {
          const finish = () => {
            ended = true
            done()
          }
          res.on('end', finish)
          res.on('close', finish)
          res.on('error', finish)
        })
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
          waiters.splice(0).forEach((w) => w())
        })
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: () => body,
          ended: ended$,
          isEnded: () => ended,
          async seen(needle) {
            while (!body.includes(needle)) {
              if (ended) throw new Error(`stream ended before "${needle}"`)
              await Promise.race([new Promise<void>((r) => waiters.push(r)), ended$])
            }
          },
          destroy: () => req.destroy(),
        })
      },
    )
    req.on('error', reject)
  })
}

describe('order streams (SSE) are bounded', () => {
  test('one user holds at most ORDER_STREAMS_PER_USER streams: a new one closes their oldest', async () => {
    const { app: a, port } = await start({ ORDER_STREAMS_PER_USER: '3' })
    const { c, orderId } = await customerWithOrder(a)
    const streams: Stream[] = []
    for (let i = 0; i < 3; i++) {
      const s = await openStream(port, orderId, c.cookie)
      await s.seen('event: order')
      streams.push(s)
    }
    const fourth = await openStream(port, orderId, c.cookie)
    expect(fourth.status).toBe(200)
    await fourth.seen('event: order')
    await streams[0]!.ended
    expect(streams.slice(1).map((s) => s.isEnded())).toEqual([false, false])
    expect(a.orderStreams.size).toBe(3)
    for (const s of [...streams, fourth]) s.destroy()
  })

  test('the process refuses streams past ORDER_STREAMS_MAX with 503 and Retry-After', async () => {
    const { app: a, port } = await start({ ORDER_STREAMS_MAX: '2' })
    const first = await customerWithOrder(a)
    const second = await customerWithOrder(a)
    const s1 = await openStream(port, first.orderId, first.c.cookie)
    const s2 = await openStream(port, second.orderId, second.c.cookie)
    await s1.seen('event: order')
    await s2.seen('event: order')
    const refused = await openStream(port, second.orderId, second.c.cookie)
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('30')
    await refused.ended
    expect(JSON.parse(refused.text())).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    s1.destroy()
    s2.destroy()
  })

  test('a heartbeat comment is sent every ORDER_STREAM_HEARTBEAT_MS', async () => {
    const { app: a, port } = await start({ ORDER_STREAM_HEARTBEAT_MS: '50' })
    const { c, orderId } = await customerWithOrder(a)
    const s = await openStream(port, orderId, c.cookie)
    await s.seen('event: order')
    await s.seen('\n: ping\n\n')
    s.destroy()
  })

  test('signing out closes that session’s streams and leaves other customers’ open', async () => {
    const { app: a, port } = await start()
    const mine = await customerWithOrder(a)
    const other = await customerWithOrder(a)
    const s1 = await openStream(port, mine.orderId, mine.c.cookie)
    const s2 = await openStream(port, mine.orderId, mine.c.cookie)
    const theirs = await openStream(port, other.orderId, other.c.cookie)
    await Promise.all([s1, s2, theirs].map((s) => s.seen('event: order')))

    const out = await a.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: mine.c.cookie },
    })
    expect(out.statusCode).toBe(200)
    await Promise.all([s1.ended, s2.ended])
    expect(theirs.isEnded()).toBe(false)
    expect(a.orderStreams.size).toBe(1)
    theirs.destroy()
  })
})
