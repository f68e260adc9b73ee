import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

/** A uuid given as a value or as a column of the statement's rows. */
type Id = string | SQLWrapper

/**
 * The transaction-wide advisory lock on (customer, store) under which a confirm counts the
 * customer's open unpaid orders at the store (the store's cap): two confirms of the same customer
 * count one after the other, other customers never wait on it. One key for every statement that
 * takes it, whether the ids are values (`orders.countOpenUnpaid`) or the locked checkout's columns
 * (checkout's confirm takes it in the same statement as the checkout's row lock, decision 064).
 * The count must then run in a later statement: a statement's snapshot is taken when it starts,
 * before any lock it waits for inside.
 */
export function unpaidOrdersLock(userId: Id, storeId: Id): SQL {
  return sql`pg_advisory_xact_lock(hashtext(concat('unpaid:', ${userId}::text, ':', ${storeId}::text)))`
}
