import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { sessions, totpRecoveryCodes } from '../../db/schema/identity.ts'
import { users } from '../../db/schema/users.ts'

/** The second factor's rows: the user's TOTP columns, the session's mark, recovery codes. */
export function createSecondFactorRepository(db: Db) {
  return {
    async totpOf(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          secret: users.totpSecret,
          pendingSecret: users.totpPendingSecret,
          enabledAt: users.totpEnabledAt,
          lastStep: users.totpLastStep,
        })
        .from(users)
        .where(eq(users.id, userId))
      return row ?? null
    },

    async setPendingSecret(userId: string, sealed: string) {
      await db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId))
    },

    /** The pending secret becomes the account's, with its recovery codes (replacing any). */
    async enable(tx: Tx, userId: string, sealed: string, step: number, codeHashes: string[]) {
      await tx
        .update(users)
        .set({
          totpSecret: sealed,
          totpPendingSecret: null,
          totpEnabledAt: new Date(),
          totpLastStep: step,
        })
        .where(eq(users.id, userId))
      await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId))
      await tx
        .insert(totpRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ userId, codeHash })))
    },

    /** Records the accepted step unless a later one was accepted meanwhile (no replay). */
    async acceptStep(tx: Tx, userId: string, step: number): Promise<boolean> {
      const updated = await tx
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(users.id, userId),
            // A step at or before the last one accepted is a replay.
            sql`coalesce(${users.totpLastStep}, -1) < ${step}`,
          ),
        )
        .returning({ id: users.id })
      return updated.length > 0
    },

    /** Marks one unused recovery code used; false when none matches. */
    async useRecoveryCode(tx: Tx, userId: string, codeHash: string): Promise<boolean> {
      const used = await tx
        .update(totpRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(totpRecoveryCodes.userId, userId),
            eq(totpRecoveryCodes.codeHash, codeHash),
            isNull(totpRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: totpRecoveryCodes.id })
      return used.length > 0
    },

    async confirmSession(tx: Tx, sessionId: string) {
      await tx
        .update(sessions)
        .set({ secondFactorAt: new Date() })
        .where(eq(sessions.id, sessionId))
    },
  }
}
export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>
