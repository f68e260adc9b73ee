import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.ts'
import { users } from './users.ts'

const at = (name: string) => timestamp(name, { withTimezone: true })

/** Server-side sessions. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** When this session confirmed the account's second factor (issue 24). */
    secondFactorAt: at('second_factor_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
)

/** Devices known by their uuid (spec section 3: Device), anonymous or attached to a user. */
export const devices = pgTable(
  'devices',
  {
    uuid: uuid('uuid').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    platform: text('platform').notNull().default('web'),
    userAgent: text('user_agent'),
    model: text('model'),
    operatingSystem: text('operating_system'),
    osVersion: text('os_version'),
    manufacturer: text('manufacturer'),
    isVirtual: boolean('is_virtual'),
    name: text('name'),
    /** The push token (FCM or APNs) of this device; one device holds a given token. */
    pushToken: text('push_token'),
    pushPlatform: text('push_platform'),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('devices_user_idx').on(t.userId),
    uniqueIndex('devices_push_token_uq').on(t.pushToken),
  ],
)

/** Passwordless sign-in codes: 6 digits, stored hashed, 10 minutes, dead after 5 wrong tries. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email, t.createdAt)],
)

/**
 * Password sign-in attempts on an account, whatever the client address: one row per try in
 * flight or failed (a success removes its row). Counting them locks the account after too many
 * wrong passwords in a window, across every process.
 */
export const passwordAttempts = pgTable(
  'password_attempts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_attempts_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Single-use tokens: password recovery links (1 hour), e-mail verification links (3 days) and
 * native sign-in handoffs (60 s).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    purpose: text('purpose', {
      enum: ['password_reset', 'email_verification', 'handoff'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_uq').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose, t.createdAt),
  ],
)

/** External identities (Google, Apple) linked to a user by the provider's subject. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: id(),
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_subject_uq').on(t.provider, t.subject),
    uniqueIndex('oauth_accounts_user_provider_uq').on(t.userId, t.provider),
  ],
)

/** An OAuth authorization in flight: state, PKCE verifier and where to come back (web or app). */
export const oauthFlows = pgTable('oauth_flows', {
  state: text('state').primaryKey(),
  provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  mode: text('mode', { enum: ['web', 'mobile'] }).notNull(),
  intent: text('intent').notNull().default('login'),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
})

/** A customer's application to sell on Barrio (spec: apply_for_merchant). */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    cuit: text('cuit').notNull(),
    phone: text('phone').notNull(),
    address: jsonb('address')
      .$type<{
        street: string
        number: string
        floorApartment?: string
        neighbourhood?: string
        city: string
        provinceCode: string
        postalCode?: string
        latitude?: number
        longitude?: number
      }>()
      .notNull(),
    category: text('category').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: at('decided_at'),
    /** Who decided (an operator; null for automatic approval or the CLI) and why it was rejected. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    index('merchant_applications_user_idx').on(t.userId),
    index('merchant_applications_status_idx').on(t.status, t.createdAt),
  ],
)

/** One-use recovery codes of a second factor (issue 24), hashed; ten per enrolment. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
)
