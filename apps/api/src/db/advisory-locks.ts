import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { orders } from './schema/ordering.ts'

/** A uuid given as a value or as a column of the statement's rows. */
type Id = string | SQLWrapper

/**
 * The transaction-wide advisory lock on (customer, store). Under it a confirm counts the
 * customer's open unpaid orders at the store (the store's cap) and does the customer's bookkeeping
 * in the store's customers list (merges, upsert: `customers.recordOrder`): two confirms of the
 * same customer at the same store run those one after the other, other customers never wait on
 * it. Checkout's confirm takes it with the locked checkout's columns, in the same statement as the
 * checkout's row lock (decision 064). What it guards must then be read in a later statement: a
 * statement's snapshot is taken when it starts, before any lock it waits for inside.
 */
export function customerAtStoreLock(userId: Id, storeId: Id): SQL {
  return sql`pg_advisory_xact_lock(hashtext(concat('unpaid:', ${userId}::text, ':', ${storeId}::text)))`
}

/**
 * The customer's open unpaid orders at the store, as a scalar subquery: what `customerAtStoreLock`
 * guards. Checkout's confirm counts them inside its pricing read, a later statement than the
 * lock's, so its snapshot sees every confirm that held the lock before.
 */
export function openUnpaidOrdersCount(userId: Id, storeId: Id): SQL {
  return sql`(select count(*)::int from ${orders}
     where ${orders.userId} = ${userId} and ${orders.storeId} = ${storeId}
       and ${orders.paymentStatus} in ('pending', 'partially_paid', 'authorized')
       and ${orders.status} not in ('cancelled', 'archived', 'completed'))`
}
