import { sql } from 'drizzle-orm'
import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { PostalAddressColumns } from '../../lib/postal-address.ts'
import { createdAt, id, streetAddressColumns, updatedAt } from './columns.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/**
 * A store's customers (decision 022): one row per person in one store's list. Placing an order
 * creates or refreshes the buyer's row (same transaction; orders.customer_id points here); the
 * seller adds phone or WhatsApp customers (no user). Order counts and totals are not stored: they
 * are aggregated from the orders through orders_customer_idx.
 */
export const storeCustomers = pgTable(
  'store_customers',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The buyer's account; null for customers the seller added, or once the account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * One spelling (`canonicalPhone`, lib/phone.ts: E.164, Argentine numbers with the 9); as
     * given at checkout when no number could be read from it.
     */
    phone: text('phone').notNull().default(''),
    email: text('email'),
    notes: text('notes').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    address: jsonb('address').$type<PostalAddressColumns | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The buyer's row of a store, found (and upserted) when they order there again.
    uniqueIndex('store_customers_store_user_uq')
      .on(t.storeId, t.userId)
      .where(sql`user_id is not null`),
    index('store_customers_store_created_idx').on(t.storeId, t.createdAt),
    index('store_customers_store_phone_idx').on(t.storeId, t.phone),
    // The merge's lookup of a buyer's e-mail among the store's customers (decision 027).
    index('store_customers_store_email_idx').on(t.storeId, sql`lower(${t.email})`),
  ],
)

/**
 * A store customer's delivery addresses (decision 027): the seller's phone orders go to one of
 * them (`shippingAddressId` of POST /admin/orders). The point is the one the seller sent or, when
 * none, the locality's centre from the gazetteer; null when neither is known (no delivery by
 * distance then).
 */
export const storeCustomerAddresses = pgTable(
  'store_customer_addresses',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => storeCustomers.id, { onDelete: 'cascade' }),
    ...streetAddressColumns(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  (t) => [index('store_customer_addresses_customer_idx').on(t.customerId, t.createdAt)],
)
