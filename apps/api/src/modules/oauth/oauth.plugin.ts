import fp from 'fastify-plugin'
import type { Env } from '../../config/env.ts'
import { providersFromEnv, type ProviderClient, type ProviderName } from './oauth.providers.ts'
import { createOAuthRepository } from './oauth.repository.ts'
import { createOAuthService, type OAuthService } from './oauth.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    oauthService: OAuthService
  }
}

export type OAuthPluginOptions = {
  env: Env
  /** Replaces the provider clients built from the environment (tests). */
  providers?: Record<ProviderName, ProviderClient | null>
}

/** Google and Apple sign-in, wired to the users service and auth (claiming a verified e-mail). */
export const oauthPlugin = fp<OAuthPluginOptions>(
  async function oauthModule(app, { env, providers }) {
    app.decorate(
      'oauthService',
      createOAuthService({
        db: app.db,
        users: app.usersService,
        oauth: createOAuthRepository(app.db),
        providers: providers ?? providersFromEnv(env),
        claimForVerifiedOwner: (user) => app.authService.claimForVerifiedOwner(user),
      }),
    )
  },
  { name: 'oauth', dependencies: ['db', 'users', 'auth'] },
)
