import { sql } from 'drizzle-orm'
import { bigint, boolean, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns.ts'

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    userName: text('user_name'),
    passwordHash: text('password_hash'),
    /**
     * When the owner of `email` proved it (a link or code sent there, or a provider's verified
     * e-mail); null for an account that only claims it (docs/decisions/010).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Which app the account uses: `admin` for the seller area, which an approved merchant and a
     * member of a store's team reach; a member's comes and goes with the membership (decision 029).
     */
    userType: text('user_type', { enum: ['customer', 'admin', 'operator'] })
      .notNull()
      .default('customer'),
    /**
     * When the account became an approved merchant (its application approved, automatically or by
     * an operator): only then may it open stores of its own. Null for customers and for members of
     * another's team (decision 029, issue 22).
     */
    merchantApprovedAt: timestamp('merchant_approved_at', { withTimezone: true }),
    needsProfile: boolean('needs_profile').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    /**
     * The second factor (TOTP, issue 24): the secret sealed with lib/secret-box.ts, set once the
     * first code is verified; `totpPendingSecret` while enrolling; `totpLastStep` the last time
     * step accepted (a code is never accepted twice).
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The payment method the customer prefers at checkout (spec: /payment-methods). */
    preferredPaymentMethod: text('preferred_payment_method'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Emails and user names are unique regardless of case: "Ana@x" and "ana@x" are one person.
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_user_name_lower_uq').on(sql`lower(${t.userName})`),
  ],
)
