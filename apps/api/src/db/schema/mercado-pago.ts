import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/**
 * A store's Mercado Pago account connected through OAuth (issue 24, decision 049): the platform
 * creates the store's preferences with this token and a `marketplace_fee`. Both tokens are sealed
 * with lib/secret-box.ts (purpose `mercado-pago-oauth`), never stored in clear. A store without a
 * row keeps its pasted access token (store_payment_methods.details) until it connects.
 */
export const storeMercadoPagoConnections = pgTable('store_mercado_pago_connections', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  /** Mercado Pago's user id of the seller's account (the token answer's `user_id`). */
  mpUserId: text('mp_user_id').notNull(),
  accessTokenSealed: text('access_token_sealed').notNull(),
  refreshTokenSealed: text('refresh_token_sealed').notNull(),
  /** When the access token stops working (Mercado Pago gives 180 days); refreshed before. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  publicKey: text('public_key'),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
})

/**
 * The `state` of an authorization under way: only its SHA-256 is kept, bound to the store and the
 * seller who asked, good for one callback (deleted when used) and for 15 minutes.
 */
export const mercadoPagoOAuthStates = pgTable(
  'mercado_pago_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mercado_pago_oauth_states_expires_idx').on(t.expiresAt)],
)
