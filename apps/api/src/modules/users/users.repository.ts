import { eq, inArray, or, sql } from 'drizzle-orm'
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
    async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | null> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning()
      return row ?? null
    },
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>
