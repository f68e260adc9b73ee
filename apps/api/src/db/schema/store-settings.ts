import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { createdAt, id, updatedAt } from './columns.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'
import type { LogisticsSettings, NotificationSettings } from '@barrio/contracts/admin-settings'

/**
 * People who run a store besides its owner, with their role (decision 029). `id` names the
 * member in /admin/collaborators/{id}; the (store, user) pair stays the key.
 */
export const storeCollaborators = pgTable(
  'store_collaborators',
  {
    id: uuid('id')
      .notNull()
      .unique('store_collaborators_id_uq')
      .default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['manager', 'staff'] })
      .notNull()
      .default('staff'),
    /** When the invitation this member accepted was sent (null for members added otherwise). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** When they joined: the invitation's acceptance. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.userId] }),
    index('store_collaborators_user_idx').on(t.userId),
  ],
)

/**
 * Invitations to a store's team, by e-mail (decision 029). Only the SHA-256 of the link's token
 * is kept; a row is used once (`accepted_at`), may be revoked, and expires after 7 days. Kept
 * after use so that a second click reads "already used" rather than "not found".
 */
export const storeInvitations = pgTable(
  'store_invitations',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['manager', 'staff'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('store_invitations_token_uq').on(t.tokenHash),
    // The team page lists a store's pending invitations; one pending invitation per e-mail.
    index('store_invitations_store_idx').on(t.storeId, t.invitedAt),
    uniqueIndex('store_invitations_pending_uq')
      .on(t.storeId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
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
