import { AUTH_FORBIDDEN_HEADER } from '@barrio/contracts/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../lib/errors.ts'
import { toSessionUser, type SessionUser } from '../users/users.service.ts'
import { createAuthRepository } from './auth.repository.ts'
import { createSecondFactorRepository } from './second-factor.repository.ts'
import { createSecondFactorService, type SecondFactorService } from './second-factor.service.ts'
import { createSecretBox } from '../../lib/secret-box.ts'
import {
  createAuthService,
  type AuthService,
  type PasswordLimit,
  type SignInContext,
} from './auth.service.ts'
import { clearSessionCookies, SESSION_COOKIE } from './session-cookies.ts'

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService
    /** preHandler: a signed-in user (401, or 403 with the auth-forbidden marker on a dead session). */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** preHandler: a signed-in admin (seller); 403 USER_NOT_ADMIN otherwise. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    secondFactorService: SecondFactorService
    /** The marketplace's staff, with the second factor confirmed in this session (issue 24). */
    requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    secureCookies: boolean
  }
  interface FastifyRequest {
    user: SessionUser | null
    sessionId: string | null
    /** 'invalid' when a session cookie came with the request but names no live session. */
    sessionState: 'valid' | 'invalid' | 'none'
  }
}

export function signInContext(request: FastifyRequest): SignInContext {
  return {
    deviceId: request.ctx.deviceId,
    deviceTrusted: request.ctx.deviceTrusted,
    userAgent: request.ctx.userAgent,
    deviceInfo: request.ctx.deviceInfo,
    ip: request.ip,
  }
}

/** What a session that owes its second factor hears from every other route. */
export const SECOND_FACTOR_OWED =
  'Confirmá tu segundo factor (el código de tu app de autenticación) para seguir.'

/**
 * Sessions and guards. Every request's session cookie is resolved once; guards read the result.
 * Cookie-authenticated writes must come from an allowed Origin (cross-site request protection).
 */
export const authPlugin = fp<{
  publicUrl: string
  allowedOrigins: string[]
  passwordLimit: PasswordLimit
  /** SESSION_SECRET: the second factor's secrets are sealed with a key derived from it. */
  serverSecret: string
}>(
  async function auth(app, { publicUrl, allowedOrigins, passwordLimit, serverSecret }) {
    const authRepository = createAuthRepository(app.db)
    const authService = createAuthService({
      db: app.db,
      users: app.usersService,
      auth: authRepository,
      outbox: app.outbox,
      outboxWorker: app.outboxWorker,
      publicUrl,
      passwordLimit,
    })
    app.decorate('authService', authService)
    app.decorate(
      'secondFactorService',
      createSecondFactorService({
        db: app.db,
        repository: createSecondFactorRepository(app.db),
        auth: authRepository,
        box: createSecretBox(serverSecret, 'totp'),
        passwordLimit,
      }),
    )
    app.decorate('secureCookies', publicUrl.startsWith('https://'))
    app.decorateRequest('user', null)
    app.decorateRequest('sessionId', null)
    app.decorateRequest('sessionState', 'none')

    const origins = new Set(allowedOrigins)
    // Callback style, so that a request without a session cookie (visitors, every catalogue read)
    // costs no promise and no database round trip: user null and state 'none' are the defaults.
    app.addHook('onRequest', function resolveSession(request, _reply, done) {
      const token = request.cookies[SESSION_COOKIE]
      if (!token) return done()
      if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
        const origin = request.headers.origin ?? refererOrigin(request.headers.referer)
        // Browsers send Origin on cross-site writes; native and server clients send none. Our own
        // page is whatever host the browser opened (localhost, 127.0.0.1, a LAN address), so the
        // request's own scheme + Host counts as same-origin besides the configured origins.
        if (origin && !origins.has(origin) && origin !== ownOrigin(request)) {
          request.log.warn({ origin }, 'cross-site write refused')
          return done(new AppError('FORBIDDEN', 'Solicitud rechazada: origen no permitido.'))
        }
      }
      authService.lookupSession(token).then((lookup) => {
        request.sessionState = lookup.state
        if (lookup.state === 'valid') {
          request.user = toSessionUser(lookup.user, lookup.secondFactorAt)
          request.sessionId = lookup.sessionId
        }
        done()
      }, done)
    })

    app.decorate(
      'requireUser',
      async function requireUser(request: FastifyRequest, reply: FastifyReply) {
        if (request.user) {
          // A session that owes its second factor may only settle it (the /auth routes: session,
          // sign-out, TOTP) until it does (decision 043).
          const owed =
            request.user.secondFactor === 'enrol' || request.user.secondFactor === 'verify'
          if (owed && !request.url.startsWith('/api/v1/auth/'))
            throw new AppError('FORBIDDEN', SECOND_FACTOR_OWED)
          return
        }
        if (request.sessionState === 'invalid') {
          clearSessionCookies(reply)
          throw new AppError('FORBIDDEN', 'Tu sesión venció. Iniciá sesión nuevamente.', {
            headers: { [AUTH_FORBIDDEN_HEADER]: '1' },
          })
        }
        throw new AppError('UNAUTHORIZED')
      },
    )

    app.decorate(
      'requireAdmin',
      async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
        await app.requireUser(request, reply)
        if (request.user?.userType !== 'admin') throw new AppError('USER_NOT_ADMIN')
      },
    )

    app.decorate(
      'requireOperator',
      async function requireOperator(request: FastifyRequest, reply: FastifyReply) {
        await app.requireUser(request, reply)
        if (request.user?.userType !== 'operator')
          throw new AppError('FORBIDDEN', 'Esta sección es del equipo de Barrio.')
      },
    )
  },
  { name: 'auth', dependencies: ['db', 'notifications', 'request-context', 'users'] },
)

/**
 * The origin the request was addressed to: its scheme and Host (X-Forwarded-Proto/-Host only from
 * a trusted proxy, TRUST_PROXY).
 */
function ownOrigin(request: FastifyRequest): string | undefined {
  const host = request.host
  if (!host) return undefined
  try {
    return new URL(`${request.protocol}://${host}`).origin
  } catch {
    return undefined
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}
