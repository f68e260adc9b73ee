import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { merchantApplications } from '../../db/schema/identity.ts'
import { users } from '../../db/schema/users.ts'

export type MerchantApplicationRow = typeof merchantApplications.$inferSelect

export function createAccountsRepository(db: Db) {
  return {
    async latestApplication(userId: string): Promise<MerchantApplicationRow | null> {
      const [row] = await db
        .select()
        .from(merchantApplications)
        .where(eq(merchantApplications.userId, userId))
        .orderBy(desc(merchantApplications.createdAt))
        .limit(1)
      return row ?? null
    },
    async pendingApplication(userId: string): Promise<MerchantApplicationRow | null> {
      const [row] = await db
        .select()
        .from(merchantApplications)
        .where(
          and(eq(merchantApplications.userId, userId), eq(merchantApplications.status, 'pending')),
        )
        .limit(1)
      return row ?? null
    },
    async insertApplication(
      tx: Pick<Db, 'insert'>,
      values: typeof merchantApplications.$inferInsert,
    ) {
      const [row] = await tx.insert(merchantApplications).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    async approve(tx: Pick<Db, 'update'>, applicationId: string, userId: string) {
      await tx
        .update(merchantApplications)
        .set({ status: 'approved', decidedAt: new Date() })
        .where(eq(merchantApplications.id, applicationId))
      // The one place an account becomes a merchant: it may open stores, and uses the seller area.
      await tx
        .update(users)
        .set({ userType: 'admin', merchantApprovedAt: new Date() })
        .where(eq(users.id, userId))
    },
  }
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>
