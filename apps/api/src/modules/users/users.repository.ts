import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { users } from '../../db/schema/users.ts'

export type UserRow = typeof users.$inferSelect

/** The only code that touches the users table. */
export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row ?? null
    },
    /** Many users in one query (a page of a store's team). */
    async findByIds(ids: string[]): Promise<UserRow[]> {
      if (!ids.length) return []
      return db.select().from(users).where(inArray(users.id, ids))
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      return row ?? null
    },
    /** Login accepts the user name or the email, both case-insensitive. */
    async findByLogin(login: string): Promise<UserRow | null> {
      const value = login.trim().toLowerCase()
      const [row] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.userName}) = ${value}`, sql`lower(${users.email}) = ${value}`))
        .limit(1)
      return row ?? null
    },
    async isUserNameTaken(userName: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.userName}) = ${userName.toLowerCase()}`)
      return Boolean(row && row.id !== exceptId)
    },
    /** Inserts with the given executor, so a user can be created inside a caller's transaction. */
    async insertWith(
      executor: Pick<Db, 'insert'>,
      values: typeof users.$inferInsert,
    ): Promise<UserRow> {
      const [row] = await executor.insert(users).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    /** Updates inside the caller's transaction (an accepted invitation makes a seller). */
    async updateWith(tx: Tx, id: string, values: Partial<typeof users.$inferInsert>) {
      await tx.update(users).set(values).where(eq(users.id, id))
    },
    /**
     * Back to the customer app, unless the account is an approved merchant: what a store's team
     * gave a member is taken back when their last membership ends (decision 029). In the caller's
     * transaction; answers whether the account changed.
     */
    async customerAgainUnlessMerchant(tx: Tx, id: string): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({ userType: 'customer' })
        .where(and(eq(users.id, id), eq(users.userType, 'admin'), isNull(users.merchantApprovedAt)))
        .returning({ id: users.id })
      return rows.length > 0
    },
    async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | null> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning()
      return row ?? null
    },
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>
