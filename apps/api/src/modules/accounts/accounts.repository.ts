import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
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
    /**
     * Approves a pending application (false when it was decided meanwhile: nothing changes) and
     * makes its applicant a merchant.
     */
    async approve(
      tx: Pick<Db, 'update'>,
      applicationId: string,
      userId: string,
      decidedBy: string | null = null,
    ): Promise<boolean> {
      const decided = await tx
        .update(merchantApplications)
        .set({ status: 'approved', decidedAt: new Date(), decidedBy })
        .where(
          and(
            eq(merchantApplications.id, applicationId),
            eq(merchantApplications.status, 'pending'),
          ),
        )
        .returning({ id: merchantApplications.id })
      if (decided.length === 0) return false
      // The one place an account becomes a merchant: it may open stores, and uses the seller area.
      await tx
        .update(users)
        .set({ userType: 'admin', merchantApprovedAt: new Date() })
        .where(eq(users.id, userId))
      return true
    },

    /** Rejects a pending application; false when it was decided meanwhile. */
    async reject(tx: Pick<Db, 'update'>, applicationId: string, decidedBy: string, reason: string) {
      const decided = await tx
        .update(merchantApplications)
        .set({ status: 'rejected', decidedAt: new Date(), decidedBy, rejectionReason: reason })
        .where(
          and(
            eq(merchantApplications.id, applicationId),
            eq(merchantApplications.status, 'pending'),
          ),
        )
        .returning({ id: merchantApplications.id })
      return decided.length > 0
    },

    async findApplication(applicationId: string) {
      const [row] = await db
        .select({ application: merchantApplications, applicant: users })
        .from(merchantApplications)
        .innerJoin(users, eq(users.id, merchantApplications.userId))
        .where(eq(merchantApplications.id, applicationId))
      return row ?? null
    },

    /** The operator's queue: oldest first while pending, newest decided first otherwise. */
    async listApplications(filter: {
      status?: 'pending' | 'approved' | 'rejected'
      page: number
      limit: number
    }) {
      const where: SQL | undefined = filter.status
        ? eq(merchantApplications.status, filter.status)
        : undefined
      const order =
        filter.status === 'pending'
          ? [asc(merchantApplications.createdAt), asc(merchantApplications.id)]
          : [desc(merchantApplications.createdAt), desc(merchantApplications.id)]
      const [rows, [total]] = await Promise.all([
        db
          .select({ application: merchantApplications, applicant: users })
          .from(merchantApplications)
          .innerJoin(users, eq(users.id, merchantApplications.userId))
          .where(where)
          .orderBy(...order)
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db.select({ total: count() }).from(merchantApplications).where(where),
      ])
      return { rows, total: Number(total?.total ?? 0) }
    },
  }
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>
