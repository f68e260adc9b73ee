import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'
import type { LogisticsSettings, NotificationSettings } from '@barrio/contracts/admin-settings'

/** People who run a store besides its owner (managed in a later capability). */
export const storeCollaborators = pgTable(
  'store_collaborators',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['manager', 'staff'] })
      .notNull()
      .default('staff'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.userId] }),
    index('store_collaborators_user_idx').on(t.userId),
  ],
)

/** Which payment methods a store accepts, with their details (one row per method). */
export const storePaymentMethods = pgTable(
  'store_payment_methods',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('store_payment_methods_store_method_uq').on(t.storeId, t.method)],
)

/** Pickup, local delivery and shipping rules of a store (one row per store). */
export const storeLogistics = pgTable('store_logistics', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<LogisticsSettings>().notNull(),
  updatedAt: updatedAt(),
})

/** How long a Mercado Pago order may stay unpaid, and the cap of one customer's unpaid orders. */
export const storePaymentRules = pgTable('store_payment_rules', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  mercadoPagoPaymentMinutes: integer('mercado_pago_payment_minutes').notNull().default(30),
  maxUnpaidOrdersPerCustomer: integer('max_unpaid_orders_per_customer').notNull().default(2),
  updatedAt: updatedAt(),
})

/** Tax rates; `rate_basis_points` keeps 21 % as 2100 and 10.5 % as 1050 (no floats). */
export const storeTaxes = pgTable(
  'store_taxes',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    appliesTo: text('applies_to', { enum: ['all', 'collections'] })
      .notNull()
      .default('all'),
    collectionIds: uuid('collection_ids').array().notNull().default([]),
    included: boolean('included').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('store_taxes_store_idx').on(t.storeId)],
)

/** Which events email or notify the store. */
export const storeNotificationSettings = pgTable('store_notification_settings', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<NotificationSettings>().notNull(),
  updatedAt: updatedAt(),
})
