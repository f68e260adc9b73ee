import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { storeCollaborators, storeInvitations } from '../../db/schema/store-settings.ts'

export type MemberRow = typeof storeCollaborators.$inferSelect
export type InvitationRow = typeof storeInvitations.$inferSelect
export type InvitableRole = 'manager' | 'staff'

const pending = and(isNull(storeInvitations.acceptedAt), isNull(storeInvitations.revokedAt))

/** The only code that touches a store's team: its members and its invitations (decision 029). */
export function createCollaboratorsRepository(db: Db) {
  return {
    async countMembers(storeId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(storeCollaborators)
        .where(eq(storeCollaborators.storeId, storeId))
      return Number(row?.n ?? 0)
    },
    async countPending(storeId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(storeInvitations)
        .where(and(eq(storeInvitations.storeId, storeId), pending))
      return Number(row?.n ?? 0)
    },
    /** Members in the order they joined (store_collaborators_pkey serves the store's rows). */
    async members(storeId: string, offset: number, limit: number) {
      if (limit <= 0) return []
      return db
        .select()
        .from(storeCollaborators)
        .where(eq(storeCollaborators.storeId, storeId))
        .orderBy(asc(storeCollaborators.createdAt), asc(storeCollaborators.id))
        .offset(offset)
        .limit(limit)
    },
    /** Invitations not accepted nor revoked (expired ones included), oldest first. */
    async pendingInvitations(storeId: string, offset: number, limit: number) {
      if (limit <= 0) return []
      return db
        .select()
        .from(storeInvitations)
        .where(and(eq(storeInvitations.storeId, storeId), pending))
        .orderBy(asc(storeInvitations.invitedAt), asc(storeInvitations.id))
        .offset(offset)
        .limit(limit)
    },
    async member(storeId: string, id: string, q: Pick<Db, 'select'> = db) {
      const [row] = await q
        .select()
        .from(storeCollaborators)
        .where(and(eq(storeCollaborators.storeId, storeId), eq(storeCollaborators.id, id)))
      return row ?? null
    },
    async memberByUser(storeId: string, userId: string) {
      const [row] = await db
        .select()
        .from(storeCollaborators)
        .where(and(eq(storeCollaborators.storeId, storeId), eq(storeCollaborators.userId, userId)))
      return row ?? null
    },
    async pendingInvitation(storeId: string, id: string, q: Pick<Db, 'select'> = db) {
      const [row] = await q
        .select()
        .from(storeInvitations)
        .where(and(eq(storeInvitations.storeId, storeId), eq(storeInvitations.id, id), pending))
      return row ?? null
    },
    async pendingFor(storeId: string, email: string) {
      const [row] = await db
        .select()
        .from(storeInvitations)
        .where(
          and(eq(storeInvitations.storeId, storeId), eq(storeInvitations.email, email), pending),
        )
      return row ?? null
    },
    async byTokenHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(storeInvitations)
        .where(eq(storeInvitations.tokenHash, tokenHash))
      return row ?? null
    },
    /** The invitation, locked for the rest of the caller's transaction (single use under races). */
    async lockByTokenHash(tx: Tx, tokenHash: string) {
      const [row] = await tx
        .select()
        .from(storeInvitations)
        .where(eq(storeInvitations.tokenHash, tokenHash))
        .for('update')
      return row ?? null
    },
    async insertInvitation(tx: Tx, values: typeof storeInvitations.$inferInsert) {
      const [row] = await tx.insert(storeInvitations).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    async updateInvitation(
      executor: Pick<Db, 'update'>,
      id: string,
      values: Partial<typeof storeInvitations.$inferInsert>,
    ) {
      const [row] = await executor
        .update(storeInvitations)
        .set(values)
        .where(eq(storeInvitations.id, id))
        .returning()
      return row ?? null
    },
    async revoke(executor: Pick<Db, 'update'>, id: string) {
      await executor
        .update(storeInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(storeInvitations.id, id), pending))
    },
    /** Joins the store, or takes the invitation's role when already a member. */
    async upsertMember(
      tx: Tx,
      values: { storeId: string; userId: string; role: InvitableRole; invitedAt: Date },
    ) {
      const [row] = await tx
        .insert(storeCollaborators)
        .values(values)
        .onConflictDoUpdate({
          target: [storeCollaborators.storeId, storeCollaborators.userId],
          set: { role: values.role },
        })
        .returning()
      return row!
    },
    async setRole(storeId: string, id: string, role: InvitableRole, q: Pick<Db, 'update'> = db) {
      const [row] = await q
        .update(storeCollaborators)
        .set({ role })
        .where(and(eq(storeCollaborators.storeId, storeId), eq(storeCollaborators.id, id)))
        .returning()
      return row ?? null
    },
    /** Removes a member; answers the user who left (null when there was no such member). */
    async removeMember(tx: Tx, storeId: string, id: string): Promise<string | null> {
      const [row] = await tx
        .delete(storeCollaborators)
        .where(and(eq(storeCollaborators.storeId, storeId), eq(storeCollaborators.id, id)))
        .returning({ userId: storeCollaborators.userId })
      return row?.userId ?? null
    },
    /** A deleted store's whole team leaves it (in the deletion's transaction); answers who. */
    async removeAllOfStore(tx: Tx, storeId: string): Promise<string[]> {
      const rows = await tx
        .delete(storeCollaborators)
        .where(eq(storeCollaborators.storeId, storeId))
        .returning({ userId: storeCollaborators.userId })
      return rows.map((r) => r.userId)
    },
    /** How many stores' teams the user is on (store_collaborators_user_idx). */
    async membershipsOf(tx: Tx, userId: string): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(storeCollaborators)
        .where(eq(storeCollaborators.userId, userId))
      return Number(row?.n ?? 0)
    },
    /**
     * Serialises what grants or takes back one user's seller area (joining a team, leaving the
     * last one) until the caller's transaction ends.
     */
    async lockSellerArea(tx: Tx, userId: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seller-area:${userId}`}))`)
    },
  }
}
export type CollaboratorsRepository = ReturnType<typeof createCollaboratorsRepository>
