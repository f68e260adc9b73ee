/**
 * A city deployment in miniature: two built API processes (A and B) on one PostgreSQL database and
 * the machine's Redis (a key prefix of this run), behind nginx running deploy/nginx.conf. Proves
 * that N processes behave as one: live events cross processes, rate limits are shared, each
 * e-mail is delivered once, a store closed on one process shows closed on the other's nearby list,
 * and a SIGTERM under load fails no request through the balancer.
 *
 * Nothing here is timed: every wait is for an event, with a long guard against a hang only.
 */
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_SCHEDULE_CLOCK_START } from '../build-test-app.ts'
import {
  client,
  createDatabase,
  eventually,
  freePort,
  openEvents,
  redisForRun,
  smtpSink,
  startApi,
  startNginx,
  waitHealthy,
  type ApiProcess,
} from './cluster.ts'

// The demo seed's seller, customer and shops (apps/api/src/seed).
const SELLER = { userName: 'vendedor', password: 'demo1234' }
const OPERATOR = { userName: 'operador', password: 'demo1234' }
const TOSTADERO = '6feaa597-7ea0-52d9-b859-bce63bf2e56c'
const DIETETICA = '9d6e1a7b-ff97-5028-8fe2-41cd410a6ddc'
const NEAR = { lat: -34.5889, lng: -58.4306 }

let db: Awaited<ReturnType<typeof createDatabase>>
let redis: Awaited<ReturnType<typeof redisForRun>>
let smtp: Awaited<ReturnType<typeof smtpSink>>
let nginx: Awaited<ReturnType<typeof startNginx>>
let a: ApiProcess
let b: ApiProcess
const seller = client()
const customer = client()
let orderId = ''
const customerLogin = {
  userName: `multi_${Date.now().toString(36)}`,
  password: 'mate-con-bizcochitos',
}

beforeAll(async () => {
  db = await createDatabase()
  redis = await redisForRun()
  smtp = await smtpSink()
  const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()]
  const shared = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    SESSION_SECRET: 's'.repeat(48),
    PUBLIC_URL: `http://127.0.0.1:${portLb}`,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    SEED: 'demo',
    // The demo shops open by their hours (issue 26): judged at an hour they are all open.
    SCHEDULE_CLOCK_START: DEMO_SCHEDULE_CLOCK_START,
    OUTBOX_POLL_MS: '100',
    LOG_LEVEL: 'warn',
  }
  // Started together: one migrates and seeds under the advisory lock, the other waits for it.
  a = startApi('A', portA, shared)
  b = startApi('B', portB, shared)
  await Promise.all([waitHealthy(a), waitHealthy(b)])
  nginx = await startNginx(portLb, [portA, portB])
  const signedIn = await seller.call(b.base, 'POST', '/auth/login', SELLER)
  expect(signedIn.status, signedIn.text).toBe(200)
})

afterAll(async () => {
  for (const api of [a, b]) if (api && api.child.exitCode === null) api.child.kill('SIGKILL')
  await Promise.all([a?.exited, b?.exited])
  await nginx?.stop()
  await smtp?.close()
  await redis?.clear()
  await db?.drop()
})

describe('two API processes behind nginx', () => {
  test("an order placed on A reaches the seller's alert on B; the seller's action on A reaches the customer's page on B", async () => {
    const alerts = openEvents(
      b.base,
      `/admin/dashboard/stores/${TOSTADERO}/events`,
      seller.cookie(),
    )
    await eventually('the seller alert stream to open on B', async () => alerts.isOpen())

    // A new customer, checking out on A (pickup, cash) from the demo Tostadero.
    const email = `${customerLogin.userName.replace('_', '.')}@example.com`
    const reg = await customer.call(a.base, 'POST', '/auth/register', {
      firstName: 'Lucía',
      lastName: 'Fernández',
      phone: '+5491155551234',
      email,
      ...customerLogin,
    })
    expect(reg.status, reg.text).toBe(201)
    const login = await customer.call(a.base, 'POST', '/auth/login', customerLogin)
    expect(login.status, login.text).toBe(200)
    const address = await customer.call(a.base, 'POST', '/addresses', {
      street: 'Gurruchaga',
      number: '1700',
      city: 'Palermo',
      provinceCode: 'C',
      latitude: NEAR.lat,
      longitude: NEAR.lng,
    })
    expect(address.status, address.text).toBeLessThan(300)
    const cart = await customer.call(a.base, 'GET', '/cart')
    const cartId = cart.json._id as string
    const products = await seller.call(a.base, 'GET', '/admin/products?limit=50', undefined, {
      'x-store-id': TOSTADERO,
    })
    type Variant = { _id: string; stock: number }
    const variant = (products.json.docs as Array<{ status: string; variants: Variant[] }>)
      .filter((p) => p.status === 'active')
      .flatMap((p) => p.variants)
      .find((v) => v.stock > 2)
    expect(variant, products.text).toBeDefined()
    const headers = { 'x-cart-id': cartId }
    const filled = await customer.call(
      a.base,
      'POST',
      '/cart/update',
      { cartId, items: [{ variantId: variant!._id, quantity: 1 }] },
      headers,
    )
    expect(filled.status, filled.text).toBe(200)
    const started = await customer.call(
      a.base,
      'POST',
      '/checkout',
      { cartId, shippingAddressId: address.json._id },
      headers,
    )
    expect(started.status, started.text).toBeLessThan(300)
    const checkoutId = started.json.checkoutId as string
    const reviewed = await customer.call(
      a.base,
      'POST',
      `/checkout/${checkoutId}/review`,
      {
        contact: { firstName: 'Lucía', lastName: 'Fernández', phone: '+5491155551234', email },
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      },
      headers,
    )
    expect(reviewed.status, reviewed.text).toBe(200)
    const confirmed = await customer.call(
      a.base,
      'POST',
      `/checkout/${checkoutId}/confirm`,
      undefined,
      headers,
    )
    expect(confirmed.status, confirmed.text).toBe(200)
    orderId = (confirmed.json.order as { _id: string })._id

    const alert = await eventually('the new-order alert on B', async () =>
      alerts.events.find((e) => e.data.includes(orderId)),
    )
    expect(JSON.parse(alert.data)).toEqual({ type: 'order.created', orderId })
    alerts.close()

    // The customer's live order page, served by B; the seller marks the order paid on A.
    const page = openEvents(b.base, `/orders/${orderId}/stream`, customer.cookie())
    const first = await eventually('the order page on B', async () => page.events[0])
    expect(JSON.parse(first.data)).toMatchObject({ _id: orderId, paymentStatus: 'pending' })
    const paid = await seller.call(
      a.base,
      'POST',
      `/admin/orders/${orderId}/mark-as-paid`,
      {},
      {
        'x-store-id': TOSTADERO,
      },
    )
    expect(paid.status, paid.text).toBe(200)
    const update = await eventually('the paid order on the page served by B', async () =>
      page.events.find(
        (e) => (JSON.parse(e.data) as { paymentStatus: string }).paymentStatus === 'paid',
      ),
    )
    expect(JSON.parse(update.data)).toMatchObject({ _id: orderId, paymentStatus: 'paid' })
    page.close()

    // The welcome and order e-mails of this customer: each sent once, by one of the two.
    await eventually('the customer e-mails to be delivered', async () => {
      const { rows } = await db.pool.query<{ n: number }>(
        `select count(*)::int as n from outbox where payload->>'to' = $1 and status <> 'sent'`,
        [email],
      )
      return rows[0]!.n === 0 && smtp.countTo(email) > 0
    })
    const { rows } = await db.pool.query<{ subject: string }>(
      `select payload->>'subject' as subject from outbox where payload->>'to' = $1`,
      [email],
    )
    expect(smtp.countTo(email)).toBe(rows.length)
  })

  test('ten wrong passwords split over A and B hit the one limit in Redis', async () => {
    const attacker = client()
    // The same client address on both processes (TRUST_PROXY=1 believes the last hop).
    const from = { 'x-forwarded-for': '203.0.113.77' }
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const res = await attacker.call(
        i % 2 === 0 ? a.base : b.base,
        'POST',
        '/auth/login',
        { userName: 'cliente', password: `equivocada-${i}` },
        from,
      )
      statuses.push(res.status)
    }
    expect(statuses.filter((s) => s === 429)).toEqual([])
    const eleventh = await attacker.call(
      b.base,
      'POST',
      '/auth/login',
      { userName: 'cliente', password: 'otra-mas' },
      from,
    )
    expect(eleventh.status).toBe(429)
    // Counted under this run's prefix, not in either process's memory.
    expect((await redis.keys()).some((k) => k.startsWith(`${redis.prefix}rl:`))).toBe(true)

    // Per address alone, a name nobody has: the database lock has no account to count on, so
    // only the shared counter can stop the eleventh try.
    const ghost = { 'x-forwarded-for': '203.0.113.78' }
    for (let i = 0; i < 10; i++) {
      const res = await attacker.call(
        i % 2 === 0 ? b.base : a.base,
        'POST',
        '/auth/login',
        { userName: 'nadie-por-aca', password: `x-${i}` },
        ghost,
      )
      expect(res.status).not.toBe(429)
    }
    const refused = await attacker.call(
      a.base,
      'POST',
      '/auth/login',
      { userName: 'nadie-por-aca', password: 'x' },
      ghost,
    )
    expect(refused.status).toBe(429)
  })

  test('forty queued e-mails are each delivered exactly once by the two workers', async () => {
    const run = Date.now().toString(36)
    const to = Array.from({ length: 40 }, (_, i) => `once.${run}.${i}@example.com`)
    await db.pool.query(
      `insert into outbox (kind, payload)
       select 'email', jsonb_build_object('to', t, 'subject', 'Una vez', 'text', 'hola', 'html', '<p>hola</p>')
       from unnest($1::text[]) as t`,
      [to],
    )
    await eventually('every queued e-mail to be sent', async () => {
      const { rows } = await db.pool.query<{ n: number }>(
        `select count(*)::int as n from outbox where payload->>'to' = any($1) and status <> 'sent'`,
        [to],
      )
      return rows[0]!.n === 0
    })
    expect(to.map((address) => smtp.countTo(address))).toEqual(to.map(() => 1))
  })

  // The nearby list keeps a closed shop, after the open ones, marked closed (catalog module):
  // "gone" for a customer is that B no longer shows it open. Once the catalog caches per cell
  // (issue 11, read path), this is what guards the cross-process invalidation.
  test("a store closed on A is shown closed in B's nearby list, and open again after", async () => {
    const onB = async () => {
      const res = await client().call(b.base, 'GET', `/stores?lat=${NEAR.lat}&lng=${NEAR.lng}`)
      const docs = res.json.docs as Array<{ _id: string; isOpen: boolean }>
      return docs.find((s) => s._id === DIETETICA)
    }
    expect(await onB()).toMatchObject({ isOpen: true })
    const closed = await seller.call(a.base, 'POST', `/admin/stores/${DIETETICA}/toggle-open`, {
      isOpen: false,
    })
    expect(closed.status, closed.text).toBe(200)
    await eventually('B to show the store closed', async () => (await onB())?.isOpen === false)
    const reopened = await seller.call(a.base, 'POST', `/admin/stores/${DIETETICA}/toggle-open`, {
      isOpen: true,
    })
    expect(reopened.status, reopened.text).toBe(200)
    await eventually('B to show the store open again', async () => (await onB())?.isOpen === true)
  })

  // Issue 24: the operator's suspension drops the store from every process's caches at once
  // (the catalogue event rides the Redis bus); the guard is generous, the wait is for the event.
  test("a store suspended on A leaves B's nearby list and page; reactivated, it is back", async () => {
    const operator = client()
    const login = await operator.call(a.base, 'POST', '/auth/login', OPERATOR)
    expect(login.status, login.text).toBe(200)
    const enrol = await operator.call(a.base, 'POST', '/auth/totp/enrol')
    expect(enrol.status, enrol.text).toBe(200)
    const code = await generate({ secret: enrol.json.secret as string })
    const verified = await operator.call(a.base, 'POST', '/auth/totp/verify', { code })
    expect(verified.status, verified.text).toBe(200)

    const listedOnB = async () => {
      const res = await client().call(b.base, 'GET', `/stores?lat=${NEAR.lat}&lng=${NEAR.lng}`)
      expect(res.status, res.text).toBe(200)
      return (res.json.docs as Array<{ _id: string }>).some((s) => s._id === DIETETICA)
    }
    const pageOnB = async () => (await client().call(b.base, 'GET', `/stores/${DIETETICA}`)).status
    expect(await listedOnB()).toBe(true)
    expect(await pageOnB()).toBe(200)

    const suspended = await operator.call(a.base, 'POST', `/operator/stores/${DIETETICA}/suspend`, {
      reason: 'Revisión de habilitación',
    })
    expect(suspended.status, suspended.text).toBe(200)
    await eventually('B to leave the suspended store out', async () => !(await listedOnB()), {
      guardMs: 10_000,
    })
    expect(await pageOnB()).toBe(404)

    const back = await operator.call(a.base, 'POST', `/operator/stores/${DIETETICA}/unsuspend`)
    expect(back.status, back.text).toBe(200)
    await eventually('B to list the store again', listedOnB, { guardMs: 10_000 })
    expect(await pageOnB()).toBe(200)
  })

  test('signing out on A closes the live page that session opened on B', async () => {
    const page = openEvents(b.base, `/orders/${orderId}/stream`, customer.cookie())
    await eventually('the order page on B', async () => page.events[0])
    const out = await customer.call(a.base, 'POST', '/auth/logout')
    expect(out.status, out.text).toBe(200)
    await eventually('B to end the signed-out page', async () => page.hasEnded())
    const again = await customer.call(a.base, 'POST', '/auth/login', customerLogin)
    expect(again.status, again.text).toBe(200)
  })

  test('SIGTERM to A under load: no request through nginx fails, its live page ends, its e-mails go out once', async () => {
    // A live page held by A: ended on shutdown so that the browser reconnects (to B).
    const page = openEvents(a.base, `/orders/${orderId}/stream`, customer.cookie())
    await eventually('the order page on A', async () => page.events[0])

    const failures: string[] = []
    let completed = 0
    let running = true
    const paths = [`/stores?lat=${NEAR.lat}&lng=${NEAR.lng}`, '/health', `/stores/${TOSTADERO}`]
    const worker = async (n: number) => {
      for (let i = n; running; i++) {
        const url = `${nginx.base}/api/v1${paths[i % paths.length]}`
        try {
          const res = await fetch(url)
          await res.arrayBuffer()
          if (res.status !== 200) failures.push(`${res.status} ${url}`)
        } catch (err) {
          failures.push(`${String(err)} ${url}`)
        }
        completed += 1
      }
    }
    const load = Array.from({ length: 6 }, (_, n) => worker(n))
    await eventually('load to be under way', async () => completed >= 60)
    // A slow SMTP server keeps both workers busy with claimed rows when A is told to stop: A must
    // finish the message under way and give the rest back (B sends them long before A's lease
    // would have run out).
    smtp.state.delayMs = 100
    const run = Date.now().toString(36)
    const to = Array.from({ length: 60 }, (_, i) => `drain.${run}.${i}@example.com`)
    await db.pool.query(
      `insert into outbox (kind, payload)
       select 'email', jsonb_build_object('to', t, 'subject', 'Apagado', 'text', 'hola', 'html', '<p>hola</p>')
       from unnest($1::text[]) as t`,
      [to],
    )
    await eventually('both workers to hold claimed rows', async () => {
      const { rows } = await db.pool.query<{ n: number }>(
        `select count(distinct claimed_by)::int as n from outbox
         where payload->>'to' = any($1) and status = 'sending'`,
        [to],
      )
      return rows[0]!.n === 2
    })
    a.child.kill('SIGTERM')
    const code = await a.exited
    const atExit = completed
    await eventually('load to go on after A is gone', async () => completed >= atExit + 120)
    running = false
    await Promise.all(load)

    expect(code, a.output.join('')).toBe(0)
    expect(failures).toEqual([])
    expect(page.hasEnded()).toBe(true)

    smtp.state.delayMs = 0
    await eventually('every e-mail to be sent by B', async () => {
      const { rows } = await db.pool.query<{ n: number }>(
        `select count(*)::int as n from outbox where payload->>'to' = any($1) and status <> 'sent'`,
        [to],
      )
      return rows[0]!.n === 0
    })
    expect(to.map((address) => smtp.countTo(address))).toEqual(to.map(() => 1))
  })
})
