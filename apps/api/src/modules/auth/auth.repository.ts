import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { devices, oneTimeTokens, otpCodes, sessions } from '../../db/schema/identity.ts'
import { users } from '../../db/schema/users.ts'

export type SessionWithUser = {
  session: typeof sessions.$inferSelect
  user: typeof users.$inferSelect
}

/** Sessions, devices, passwordless codes and single-use tokens. */
export function createAuthRepository(db: Db) {
  return {
    async insertSession(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    /** The session for a token hash with its user, whatever its state (the caller judges it). */
    async findSession(tokenHash: string): Promise<SessionWithUser | null> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
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
    async latestLiveOtp(email: string) {
      const [row] = await db
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
    async countOtpFailure(id: string): Promise<number> {
      const [row] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, id))
        .returning({ attempts: otpCodes.attempts })
      return row?.attempts ?? Number.POSITIVE_INFINITY
    },
    /** Consumes a code once: false when another request consumed it first. */
    async consumeOtp(id: string, maxAttempts: number): Promise<boolean> {
      const rows = await db
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
    async findLiveToken(purpose: 'password_reset' | 'handoff', tokenHash: string) {
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
      purpose: 'password_reset' | 'handoff',
      tokenHash: string,
    ): Promise<string | null> {
      const [row] = await db
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
  }
}
export type AuthRepository = ReturnType<typeof createAuthRepository>
