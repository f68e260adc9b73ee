import { and, count, desc, eq, gt, isNull, lt, min, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  devices,
  oneTimeTokens,
  otpCodes,
  passwordAttempts,
  sessions,
} from '../../db/schema/identity.ts'
import { users } from '../../db/schema/users.ts'

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>
export type TokenPurpose = 'password_reset' | 'email_verification' | 'handoff'
/** How many events fell in a window, and when the oldest of them happened (for Retry-After). */
export type WindowCount = { count: number; oldestAt: Date | null }

export type SessionWithUser = {
  session: typeof sessions.$inferSelect
  user: typeof users.$inferSelect
}

/** Sessions, devices, passwordless codes and single-use tokens. */
export function createAuthRepository(db: Db) {
  // Every signed-in request reads its session: built once, not per call (decision 067).
  const sessionByTokenHash = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('auth_session_by_token_hash')
  return {
    async insertSession(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    /** The session for a token hash with its user, whatever its state (the caller judges it). */
    async findSession(tokenHash: string): Promise<SessionWithUser | null> {
      const [row] = await sessionByTokenHash.execute({ tokenHash })
      return row ?? null
    },
    async touchSession(id: string) {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id))
    },
    async revokeSession(tokenHash: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    },
    /** Revokes every live session of a user, except one (the caller's own) when given. */
    async revokeUserSessions(userId: string, exceptSessionId?: string) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)]
      if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId))
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(...conditions))
    },

    /**
     * Records a password attempt on an account and answers how many are on record in the window,
     * this one included. Inserting before counting means concurrent tries cannot all slip under
     * the limit. Older rows of the account are purged on the way.
     */
    async beginPasswordAttempt(userId: string, since: Date): Promise<WindowCount & { id: string }> {
      await db
        .delete(passwordAttempts)
        .where(and(eq(passwordAttempts.userId, userId), lt(passwordAttempts.createdAt, since)))
      const [inserted] = await db
        .insert(passwordAttempts)
        .values({ userId })
        .returning({ id: passwordAttempts.id })
      const [row] = await db
        .select({ count: count(), oldestAt: min(passwordAttempts.createdAt) })
        .from(passwordAttempts)
        .where(and(eq(passwordAttempts.userId, userId), gt(passwordAttempts.createdAt, since)))
      return {
        id: inserted!.id,
        count: Number(row?.count ?? 0),
        oldestAt: toDate(row?.oldestAt),
      }
    },
    /** Forgets an attempt: it succeeded, or it was refused before the password was checked. */
    async endPasswordAttempt(id: string) {
      await db.delete(passwordAttempts).where(eq(passwordAttempts.id, id))
    },
    async clearPasswordAttempts(userId: string) {
      await db.delete(passwordAttempts).where(eq(passwordAttempts.userId, userId))
    },

    async upsertDevice(executor: Pick<Db, 'insert'>, values: typeof devices.$inferInsert) {
      const { uuid: _uuid, ...rest } = values
      await executor
        .insert(devices)
        .values(values)
        .onConflictDoUpdate({ target: devices.uuid, set: { ...rest, lastSeenAt: new Date() } })
    },
    async deleteUnusedDevices(before: Date): Promise<number> {
      const rows = await db
        .delete(devices)
        .where(
          and(isNull(devices.userId), isNull(devices.pushToken), lt(devices.lastSeenAt, before)),
        )
        .returning({ uuid: devices.uuid })
      return rows.length
    },

    /** A new code replaces any live one for the same email. */
    async replaceOtp(
      tx: Pick<Db, 'insert' | 'update'>,
      email: string,
      codeHash: string,
      expiresAt: Date,
    ) {
      await tx
        .update(otpCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(otpCodes.email, email), isNull(otpCodes.consumedAt)))
      await tx.insert(otpCodes).values({ email, codeHash, expiresAt })
    },
    /**
     * Serialises everything done about one key (an e-mail's codes, an account's recovery links)
     * until the caller's transaction ends, in every process sharing the database.
     */
    async lockKey(tx: Executor, key: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
    },
    /** Codes issued to an e-mail since a time, used or not. */
    async otpsIssuedSince(tx: Executor, email: string, since: Date): Promise<WindowCount> {
      const [row] = await tx
        .select({ count: count(), oldestAt: min(otpCodes.createdAt) })
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), gt(otpCodes.createdAt, since)))
      return { count: Number(row?.count ?? 0), oldestAt: toDate(row?.oldestAt) }
    },
    /** Wrong guesses at the codes an e-mail was issued since a time, all codes together. */
    async otpFailuresSince(tx: Executor, email: string, since: Date): Promise<WindowCount> {
      const [row] = await tx
        .select({
          count: sql<number>`coalesce(sum(${otpCodes.attempts}), 0)::int`,
          oldestAt: sql<
            Date | string | null
          >`min(${otpCodes.createdAt}) filter (where ${otpCodes.attempts} > 0)`,
        })
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), gt(otpCodes.createdAt, since)))
      return { count: Number(row?.count ?? 0), oldestAt: toDate(row?.oldestAt) }
    },
    async latestLiveOtp(email: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.email, email),
            isNull(otpCodes.consumedAt),
            gt(otpCodes.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(otpCodes.createdAt))
        .limit(1)
      return row ?? null
    },
    /** Counts a wrong try atomically; returns the new count (concurrent guesses cannot skip it). */
    async countOtpFailure(id: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, id))
        .returning({ attempts: otpCodes.attempts })
      return row?.attempts ?? Number.POSITIVE_INFINITY
    },
    /** Consumes a code once: false when another request consumed it first. */
    async consumeOtp(id: string, maxAttempts: number, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .update(otpCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, maxAttempts)),
        )
        .returning({ id: otpCodes.id })
      return rows.length === 1
    },

    async insertOneTimeToken(
      executor: Pick<Db, 'insert'>,
      values: typeof oneTimeTokens.$inferInsert,
    ) {
      await executor.insert(oneTimeTokens).values(values)
    },
    /** Tokens of one purpose issued to a user since a time (recovery and verification caps). */
    async tokensIssuedSince(
      executor: Executor,
      purpose: TokenPurpose,
      userId: string,
      since: Date,
    ): Promise<WindowCount> {
      const [row] = await executor
        .select({ count: count(), oldestAt: min(oneTimeTokens.createdAt) })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.purpose, purpose),
            eq(oneTimeTokens.userId, userId),
            gt(oneTimeTokens.createdAt, since),
          ),
        )
      return { count: Number(row?.count ?? 0), oldestAt: toDate(row?.oldestAt) }
    },
    async findLiveToken(purpose: TokenPurpose, tokenHash: string) {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.purpose, purpose),
            eq(oneTimeTokens.tokenHash, tokenHash),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        )
      return row ?? null
    },
    /** Uses a token once: the user id, or null when it is unknown, expired or already used. */
    async consumeToken(
      purpose: TokenPurpose,
      tokenHash: string,
      executor: Pick<Db, 'update'> = db,
    ): Promise<string | null> {
      const [row] = await executor
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.purpose, purpose),
            eq(oneTimeTokens.tokenHash, tokenHash),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: oneTimeTokens.userId })
      return row?.userId ?? null
    },
    /**
     * Marks every outstanding token of one purpose of a user as used (a recovery link used, or
     * the password changed, kills the other recovery links). Returns how many it ended.
     */
    async endTokensOf(
      executor: Pick<Db, 'update'>,
      purpose: TokenPurpose,
      userId: string,
    ): Promise<number> {
      const rows = await executor
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.purpose, purpose),
            eq(oneTimeTokens.userId, userId),
            isNull(oneTimeTokens.usedAt),
          ),
        )
        .returning({ id: oneTimeTokens.id })
      return rows.length
    },
  }
}
export type AuthRepository = ReturnType<typeof createAuthRepository>

/** Aggregates come back as Date from node-postgres' typed columns and as strings from raw SQL. */
function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null
  return value instanceof Date ? value : new Date(value)
}
