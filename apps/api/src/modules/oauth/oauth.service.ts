import { generateCodeVerifier, generateState } from 'arctic'
import type { Db } from '../../db/client.ts'
import { AppError, isUniqueViolation } from '../../lib/errors.ts'
import type { UserRow, UsersService } from '../users/users.service.ts'
import type { OAuthFlowRow, OAuthRepository } from './oauth.repository.ts'
import {
  PROVIDER_LABELS,
  type ProviderClient,
  type ProviderIdentity,
  type ProviderName,
} from './oauth.providers.ts'

export const FLOW_TTL_MS = 10 * 60 * 1000
export type FlowMode = 'web' | 'mobile'
/** signed-in: the subject was linked already; linked: matched by email; created: a new customer. */
export type SignInOutcome = 'signed-in' | 'linked' | 'created'

export const oauthMessages = {
  unavailable: (p: ProviderName) => `El ingreso con ${PROVIDER_LABELS[p]} no está disponible.`,
  badState: (p: ProviderName) =>
    `El ingreso con ${PROVIDER_LABELS[p]} venció o no es válido. Intentá nuevamente.`,
  cancelled: (p: ProviderName) => `Cancelaste el ingreso con ${PROVIDER_LABELS[p]}.`,
  unverified: (p: ProviderName) =>
    `Tu correo de ${PROVIDER_LABELS[p]} no está verificado. Verificalo e intentá nuevamente.`,
  otherSubject: (p: ProviderName) =>
    `Tu correo ya está vinculado a otra cuenta de ${PROVIDER_LABELS[p]}. Ingresá con esa cuenta o con tu contraseña.`,
  otherUserActive: (p: ProviderName) =>
    `Ya hay una cuenta activa vinculada a ${PROVIDER_LABELS[p]} con este correo. Cerrá sesión para ingresar con ella.`,
}

const conflictCode = (p: ProviderName) =>
  p === 'google' ? 'GOOGLE_ACCOUNT_EXISTS' : 'APPLE_ACCOUNT_EXISTS'
const activeCode = (p: ProviderName) =>
  p === 'google' ? 'ACTIVE_GOOGLE_ACCOUNT_EXISTS' : 'ACTIVE_APPLE_ACCOUNT_EXISTS'

/**
 * Sign-in with Google and Apple: starts authorizations (state + PKCE verifier kept server-side for
 * ten minutes) and turns a provider's verified identity into a Barrio user, linking by verified
 * email or creating a customer. Knows nothing of HTTP: routes redirect and set cookies.
 */
export function createOAuthService(deps: {
  db: Db
  users: UsersService
  oauth: OAuthRepository
  providers: Record<ProviderName, ProviderClient | null>
  /** The e-mail was verified by the provider: an account that only claimed it is handed over. */
  claimForVerifiedOwner: (user: UserRow) => Promise<UserRow>
}) {
  const { users, oauth, providers } = deps

  function clientFor(provider: ProviderName): ProviderClient {
    const client = providers[provider]
    if (!client) throw new AppError('SERVICE_UNAVAILABLE', oauthMessages.unavailable(provider))
    return client
  }

  /** Finds who the identity is, without writing anything. */
  async function resolve(provider: ProviderName, identity: ProviderIdentity, email: string) {
    const account = await oauth.findAccount(provider, identity.subject)
    if (account) {
      const user = await users.findById(account.userId)
      if (user) return { kind: 'account' as const, user, account }
    }
    const byEmail = await users.findByEmail(email)
    if (byEmail) {
      const other = await oauth.findAccountOfUser(provider, byEmail.id)
      // Same provider, different subject: a second Google (Apple) account never takes over a user.
      if (other)
        throw new AppError(conflictCode(provider), oauthMessages.otherSubject(provider), {
          cause: { userId: byEmail.id, linkedSubject: other.subject },
        })
      return { kind: 'email' as const, user: byEmail }
    }
    return { kind: 'new' as const }
  }

  async function signIn(
    provider: ProviderName,
    identity: ProviderIdentity,
    options: {
      names: { firstName: string | null; lastName: string | null }
      activeUserId: string | null
    },
  ): Promise<{ user: UserRow; outcome: SignInOutcome }> {
    if (!identity.email)
      throw new AppError(
        'EMAIL_NOT_VERIFIED',
        `${PROVIDER_LABELS[provider]} no nos compartió tu correo. Intentá con otro método.`,
      )
    if (!identity.emailVerified)
      throw new AppError('EMAIL_NOT_VERIFIED', oauthMessages.unverified(provider))
    const email = identity.email

    const found = await resolve(provider, identity, email)
    // A browser signed in as one user never silently switches to another existing user.
    if (options.activeUserId && found.kind !== 'new' && found.user.id !== options.activeUserId) {
      throw new AppError(activeCode(provider), oauthMessages.otherUserActive(provider), {
        cause: { activeUserId: options.activeUserId, userId: found.user.id },
      })
    }

    if (found.kind === 'account') {
      if (found.account.email.toLowerCase() !== email.toLowerCase())
        await oauth.updateAccountEmail(found.account.id, email)
      return { user: found.user, outcome: 'signed-in' }
    }
    if (found.kind === 'email') {
      await oauth.insertAccount(deps.db, {
        provider,
        subject: identity.subject,
        userId: found.user.id,
        email,
      })
      // Whoever registered this e-mail without proving it loses the account to its owner.
      const user = await deps.claimForVerifiedOwner(found.user)
      return { user, outcome: 'linked' }
    }
    const firstName = identity.firstName ?? options.names.firstName
    const lastName = identity.lastName ?? options.names.lastName
    const user = await deps.db.transaction(async (tx) => {
      const created = await users.insertWith(tx, {
        userType: 'customer',
        email,
        firstName,
        lastName,
        passwordHash: null,
        emailVerifiedAt: new Date(),
        // Phone and user name are never known from a provider: the profile step asks for them.
        needsProfile: true,
      })
      await oauth.insertAccount(tx, {
        provider,
        subject: identity.subject,
        userId: created.id,
        email,
      })
      return created
    })
    return { user, outcome: 'created' }
  }

  return {
    isConfigured(provider: ProviderName): boolean {
      return providers[provider] !== null
    },

    /** Records a new authorization and answers the provider URL to send the browser to. */
    async start(provider: ProviderName, mode: FlowMode, intent: string) {
      const client = clientFor(provider)
      await oauth.purgeExpiredFlows()
      const state = generateState()
      const codeVerifier = generateCodeVerifier()
      await oauth.insertFlow({
        state,
        provider,
        codeVerifier,
        mode,
        intent,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      })
      return { state, url: client.authorizationUrl(state, codeVerifier).toString() }
    },

    /** The live flow for a state, removed so that it can be used once; null when unknown or expired. */
    async takeFlow(provider: ProviderName, state: string): Promise<OAuthFlowRow | null> {
      const flow = await oauth.takeFlow(state)
      if (!flow || flow.provider !== provider || flow.expiresAt.getTime() <= Date.now()) return null
      return flow
    },

    /**
     * Exchanges the code and signs the identity in: a linked subject is its user; a verified email
     * of an existing user links to it; otherwise a new customer. `activeUserId` is the user the
     * browser was signed in as when the flow started, if any.
     */
    async complete(
      provider: ProviderName,
      flow: OAuthFlowRow,
      code: string,
      options: {
        names?: { firstName: string | null; lastName: string | null }
        activeUserId?: string | null
      } = {},
    ): Promise<{ user: UserRow; outcome: SignInOutcome }> {
      const identity = await clientFor(provider).exchange(code, flow.codeVerifier)
      const args = {
        names: options.names ?? { firstName: null, lastName: null },
        activeUserId: options.activeUserId ?? null,
      }
      try {
        return await signIn(provider, identity, args)
      } catch (error) {
        // Two callbacks for the same new identity at once: the loser resolves again and finds it.
        if (!isUniqueViolation(error)) throw error
        return signIn(provider, identity, args)
      }
    },
  }
}
export type OAuthService = ReturnType<typeof createOAuthService>
