import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { oauthAccounts, oauthFlows } from '../../db/schema/identity.ts'
import type { ProviderName } from './oauth.providers.ts'

export type OAuthFlowRow = typeof oauthFlows.$inferSelect
export type OAuthAccountRow = typeof oauthAccounts.$inferSelect

/** The only code that touches oauth_flows and oauth_accounts. */
export function createOAuthRepository(db: Db) {
  return {
    async insertFlow(values: typeof oauthFlows.$inferInsert) {
      await db.insert(oauthFlows).values(values)
    },
    /** Removes and returns the flow for a state: a state is good for one callback only. */
    async takeFlow(state: string): Promise<OAuthFlowRow | null> {
      const [row] = await db.delete(oauthFlows).where(eq(oauthFlows.state, state)).returning()
      return row ?? null
    },
    async purgeExpiredFlows(now = new Date()) {
      await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, now))
    },

    async findAccount(provider: ProviderName, subject: string): Promise<OAuthAccountRow | null> {
      const [row] = await db
        .select()
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)))
      return row ?? null
    },
    async findAccountOfUser(
      provider: ProviderName,
      userId: string,
    ): Promise<OAuthAccountRow | null> {
      const [row] = await db
        .select()
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.userId, userId)))
      return row ?? null
    },
    async insertAccount(
      executor: Pick<Db, 'insert'>,
      values: typeof oauthAccounts.$inferInsert,
    ): Promise<void> {
      await executor.insert(oauthAccounts).values(values)
    },
    async updateAccountEmail(id: string, email: string) {
      await db.update(oauthAccounts).set({ email }).where(eq(oauthAccounts.id, id))
    },
  }
}
export type OAuthRepository = ReturnType<typeof createOAuthRepository>
