import { createHash } from 'node:crypto'
import {
  IDEMPOTENCY_KEY_TTL_HOURS,
  idempotencyKeySchema,
} from '@barrio/contracts/admin-counter-orders'
import type { Tx } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { IdempotencyKeyRow, CounterOrdersRepository } from './counter-orders.repository.ts'

/** The optional Idempotency-Key header, checked (400 under its own name when malformed). */
export function idempotencyKeyOf(value: string | string[] | undefined): string | null {
  if (value === undefined) return null
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(value) ? value.join(',') : value)
  if (parsed.success) return parsed.data
  const message = parsed.error.issues[0]?.message ?? 'Clave de idempotencia inválida'
  throw new AppError('INVALID', message, { errors: [{ name: 'Idempotency-Key', message }] })
}

/**
 * A request's fingerprint: SHA-256 (hex) of its canonical parts, the operation first (so one key
 * used for an order and then for a refund is "another body").
 */
export function fingerprintOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex')
}

/** The same key sent again with another body: 422 IDEMPOTENCY_KEY_REUSED, the message per use. */
export const keyReused = (message: string, field: string) =>
  new AppError('IDEMPOTENCY_KEY_REUSED', message, {
    errors: [{ name: 'Idempotency-Key', message: field }],
  })

export type Keyed = { storeId: string; key: string; fingerprint: string; reused: () => AppError }

/**
 * The one implementation of `Idempotency-Key` for the seller's writes on orders (decision 027's
 * addendum; refunds since issue 22, decision 025): `POST /admin/orders` and
 * `POST /admin/orders/{id}/refund`. Keys are the store's, kept 24 hours, in
 * `idempotency_keys`, each naming the order it made or refunded.
 *
 * - `known`, before the transaction: the order a committed request with this key names, or null
 *   (another body → `reused()`).
 * - `claim`, inside the write's transaction: the key's new row, or the order of the request that
 *   holds it (its insert waits on the unique index while that request's transaction is open; a
 *   rolled-back holder leaves the key free, so this one claims it). A failed write leaves no row.
 */
export function createIdempotencyKeys(repository: CounterOrdersRepository) {
  const busy = () =>
    new AppError('CONFLICT', 'Esta operación todavía se está procesando. Probá de nuevo.')
  const orderOf = (row: IdempotencyKeyRow, k: Keyed): string => {
    if (row.fingerprint !== k.fingerprint) throw k.reused()
    if (!row.orderId) throw busy()
    return row.orderId
  }
  return {
    async known(k: Keyed): Promise<string | null> {
      const row = await repository.find(k.storeId, k.key, IDEMPOTENCY_KEY_TTL_HOURS)
      return row ? orderOf(row, k) : null
    },

    async claim(
      tx: Tx,
      k: Keyed,
      orderId: string | null = null,
    ): Promise<{ claimed: IdempotencyKeyRow } | { replayOf: string }> {
      const claimed = await repository.claim(tx, {
        storeId: k.storeId,
        key: k.key,
        fingerprint: k.fingerprint,
        ttlHours: IDEMPOTENCY_KEY_TTL_HOURS,
        orderId,
      })
      if (claimed) return { claimed }
      const holder = await repository.find(k.storeId, k.key, IDEMPOTENCY_KEY_TTL_HOURS, tx)
      if (!holder) throw busy()
      return { replayOf: orderOf(holder, k) }
    },

    /** The order a claimed key made, written in the same transaction (POST /admin/orders). */
    setOrder: (tx: Tx, requestId: string, orderId: string) =>
      repository.setOrder(tx, requestId, orderId),
  }
}
export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>
