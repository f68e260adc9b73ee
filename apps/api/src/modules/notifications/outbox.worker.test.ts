import { eq, inArray, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../../test/build-test-app.ts'
import { freePort, smtpSink } from '../../../test/multi-process/cluster.ts'
import type { Database } from '../../db/client.ts'
import { outbox } from '../../db/schema/outbox.ts'
import { createMailer } from '../../integrations/mailer.ts'
import { createPushGateway } from '../../integrations/push.ts'
import { createOutboxRepository } from './outbox.repository.ts'
import { createOutboxWorker, MAX_ATTEMPTS } from './outbox.worker.ts'

// Several workers on one database stand for several processes: on PostgreSQL (CI sets
// TEST_DATABASE_URL) their claims really run at the same time on a pool of connections.
let database: Database
let sink: Awaited<ReturnType<typeof smtpSink>>
const log = Fastify({ logger: false }).log

function workerFor(
  smtpUrl: string,
  workerId?: string,
  lease: { leaseMs?: number; heartbeatMs?: number } = {},
) {
  const mailer = createMailer({ smtpUrl, from: 'Barrio <no-responder@barrio.ar>' })
  const worker = createOutboxWorker({
    repository: createOutboxRepository(database.db),
    mailer,
    push: createPushGateway(),
    log,
    ...(workerId ? { workerId } : {}),
    ...lease,
  })
  return { worker, mailer }
}

async function queue(count: number, tag: string): Promise<string[]> {
  const to = Array.from({ length: count }, (_, i) => `${tag}.${i}@example.com`)
  const rows = await database.db
    .insert(outbox)
    .values(
      to.map((address) => ({
        kind: 'email' as const,
        payload: { to: address, subject: 'Hola', text: 'hola', html: '<p>hola</p>' },
      })),
    )
    .returning({ id: outbox.id })
  return rows.map((r) => r.id)
}

async function rowsOf(ids: string[]) {
  return database.db.select().from(outbox).where(inArray(outbox.id, ids))
}

beforeAll(async () => {
  database = await openTestDatabase()
  sink = await smtpSink()
})
afterAll(async () => {
  await sink.close()
  await database.close()
})
beforeEach(() => {
  sink.state.delayMs = 0
})

describe('outbox worker with several processes', () => {
  test('three workers draining at once deliver each message exactly once', async () => {
    const ids = await queue(45, 'trio')
    const workers = [workerFor(sink.url), workerFor(sink.url), workerFor(sink.url)]
    // Each keeps draining until nothing is left for it; passes overlap across workers.
    await Promise.all(
      workers.map(async ({ worker }) => {
        while ((await worker.drain()) > 0);
      }),
    )
    for (const { mailer } of workers) mailer.close()
    const rows = await rowsOf(ids)
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'sent'))
    expect(rows.every((r) => r.claimedBy === null && r.attempts === 1)).toBe(true)
    const counts = Array.from({ length: 45 }, (_, i) => sink.countTo(`trio.${i}@example.com`))
    expect(counts).toEqual(counts.map(() => 1))
  })

  test('a failed delivery waits with backoff, and becomes a dead letter after MAX_ATTEMPTS', async () => {
    const refused = `smtp://127.0.0.1:${await freePort()}`
    const { worker, mailer } = workerFor(refused)
    const [id] = await queue(1, 'refused')
    const before = Date.now()
    await worker.drain()
    let [row] = await rowsOf([id!])
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedBy: null })
    expect(row!.lastError).toBeTruthy()
    // First retry 5 s later: not due on the next pass.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 5000)
    expect(await worker.drain()).toBe(0)

    // The last attempt: due now, fails, and stays as a dead letter.
    await database.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, id!))
    await worker.drain()
    ;[row] = await rowsOf([id!])
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, id!))
    expect(await worker.drain()).toBe(0)

    // `npm run barrio -- outbox retry` puts it back with fresh attempts.
    const repository = createOutboxRepository(database.db)
    expect(await repository.requeueFailed(id)).toBe(1)
    ;[row] = await rowsOf([id!])
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })
    await database.db.delete(outbox).where(eq(outbox.id, id!))
    mailer.close()
  })

  test('stop() finishes the message under way and gives the rest of its claim back', async () => {
    const ids = await queue(6, 'stopping')
    sink.state.delayMs = 300
    const { worker, mailer } = workerFor(sink.url, 'worker-stopping')
    const pass = worker.drain()
    // Stop once the first message is on the wire.
    while (!sink.messages.some((m) => m.to.some((to) => to.startsWith('stopping.'))))
      await new Promise((resolve) => setTimeout(resolve, 20))
    await worker.stop()
    await pass
    mailer.close()
    const rows = await rowsOf(ids)
    const sent = rows.filter((r) => r.status === 'sent')
    const back = rows.filter((r) => r.status === 'pending')
    expect(sent.length).toBeGreaterThanOrEqual(1)
    expect(sent.length + back.length).toBe(6)
    expect(back.length).toBeGreaterThan(0)
    expect(back.every((r) => r.claimedBy === null && r.attempts === 0)).toBe(true)

    // Another process takes the released rows at once.
    sink.state.delayMs = 0
    const other = workerFor(sink.url)
    await other.worker.drain()
    other.mailer.close()
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(ids.map(() => 'sent'))
    const counts = Array.from({ length: 6 }, (_, i) => sink.countTo(`stopping.${i}@example.com`))
    expect(counts).toEqual(counts.map(() => 1))
  })

  test("a dead process's claim is taken over when its lease runs out, not before", async () => {
    const ids = await queue(2, 'lease')
    const repository = createOutboxRepository(database.db)
    // A process claimed both and died: its lease of one row has run out, the other's has not.
    expect(await repository.claim('dead-process', 10, 60_000)).toHaveLength(2)
    await database.db
      .update(outbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, ids[0]!))
    const { worker, mailer } = workerFor(sink.url)
    expect(await worker.drain()).toBe(1)
    mailer.close()
    const rows = await rowsOf(ids)
    expect(rows.find((r) => r.id === ids[0])).toMatchObject({ status: 'sent' })
    expect(rows.find((r) => r.id === ids[1])).toMatchObject({
      status: 'sending',
      claimedBy: 'dead-process',
    })
    await database.db.delete(outbox).where(eq(outbox.id, ids[1]!))
  })

  test('deliverNow on a row another process is sending answers that process’s outcome', async () => {
    const [id] = await queue(1, 'now')
    sink.state.delayMs = 300
    const first = workerFor(sink.url)
    const second = workerFor(sink.url)
    const pass = first.worker.drain()
    while (sink.countTo('now.0@example.com') === 0)
      await new Promise((resolve) => setTimeout(resolve, 20))
    // The first worker holds the claim: the second does not send it again, it waits.
    expect(await second.worker.deliverNow(id!)).toBe('sent')
    await pass
    first.mailer.close()
    second.mailer.close()
    expect(sink.countTo('now.0@example.com')).toBe(1)
  })

  test('a claim lasts seconds, not minutes: what a killed process costs a sign-in code', async () => {
    const [id] = await queue(1, 'leased')
    sink.state.delayMs = 500
    const { worker, mailer } = workerFor(sink.url)
    const pass = worker.drain()
    while (sink.countTo('leased.0@example.com') === 0)
      await new Promise((resolve) => setTimeout(resolve, 20))
    // Read while the message is on the wire: the lease of the claim, as the database has it.
    const [lease] = await database.db
      .select({ ms: sql<number>`extract(epoch from ${outbox.claimedUntil} - now()) * 1000` })
      .from(outbox)
      .where(eq(outbox.id, id!))
    expect(Number(lease!.ms)).toBeGreaterThan(0)
    expect(Number(lease!.ms)).toBeLessThanOrEqual(30_000)
    await pass
    mailer.close()
  })

  test('a code claimed by a killed process is sent by the request waiting for it once that lease runs out', async () => {
    const [id] = await queue(1, 'killed')
    const repository = createOutboxRepository(database.db)
    // Claimed, never finished, never renewed: the process was killed (a short lease, injected).
    expect(await repository.claim('killed-process', 1, 400, id)).toHaveLength(1)
    const { worker, mailer } = workerFor(sink.url, undefined, { leaseMs: 400 })
    // The sign-in request on another process waits for the holder, then takes the row over.
    expect(await worker.deliverNow(id!)).toBe('sent')
    mailer.close()
    expect(sink.countTo('killed.0@example.com')).toBe(1)
    const [row] = await rowsOf([id!])
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimedBy: null })
  })

  test('a live worker whose delivery outlasts the lease keeps its claim (heartbeat): sent once', async () => {
    const [id] = await queue(1, 'slow')
    // The SMTP server takes far longer than the lease to accept the message.
    // The lease leaves a loaded machine room to run the 100 ms heartbeat late.
    sink.state.delayMs = 6000
    const lease = { leaseMs: 3000, heartbeatMs: 100 }
    const slow = workerFor(sink.url, 'worker-slow', lease)
    const other = workerFor(sink.url, 'worker-other', lease)
    let finished = false
    const pass = slow.worker.drain().finally(() => (finished = true))
    // The other worker starts looking only once the slow one holds the message.
    while ((await rowsOf([id!]))[0]?.claimedBy !== 'worker-slow') {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    let takenOver = 0
    while (!finished) {
      takenOver += await other.worker.drain()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await pass).toBe(1)
    expect(takenOver).toBe(0)
    slow.mailer.close()
    other.mailer.close()
    expect(sink.countTo('slow.0@example.com')).toBe(1)
    expect((await rowsOf([id!]))[0]).toMatchObject({ status: 'sent', attempts: 1 })
  })
})
