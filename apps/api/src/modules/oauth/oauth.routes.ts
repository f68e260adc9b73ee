import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsync } from 'fastify'
import type { Env } from '../../config/env.ts'
import { AppError } from '../../lib/errors.ts'
import { signInContext } from '../auth/auth.plugin.ts'
import { setSessionCookies } from '../auth/session-cookies.ts'
import {
  PROVIDER_LABELS,
  PROVIDERS,
  ProviderFailure,
  type ProviderName,
} from './oauth.providers.ts'
import { FLOW_TTL_MS, oauthMessages, type FlowMode } from './oauth.service.ts'

/** Where the native app listens for the end of an external sign-in (a custom-scheme deep link). */
export const APP_CALLBACK_URL = 'ar.barrio.app://auth/callback'
/** Ties a flow to the browser that started it (signed; holds the state, mode and active user). */
export const bindingCookie = (provider: ProviderName) => `barrio_oauth_${provider}`

type Binding = { state: string; mode: FlowMode; userId: string | null }
type CallbackInput = { code?: string; state?: string; error?: string; user?: string }

const tags = ['auth']
const INTENT = /^[a-z][a-z_-]{0,31}$/
const CANCEL_ERRORS = new Set(['access_denied', 'user_cancelled_authorize'])

export type OAuthRoutesOptions = { env: Env }

/**
 * /api/v1/auth/{google,apple}: sign-in with Google and Apple for the browser (`/web`) and the native
 * app (`/mobile`, which ends in a single-use handoff deep link). Every outcome is a redirect: to the
 * web app (`errorMsg` on failure) or to the app's custom scheme.
 */
export const oauthRoutes: FastifyPluginAsync<OAuthRoutesOptions> = async function oauthRoutes(
  app,
  { env },
) {
  const service = app.oauthService
  const perIp = app.limit('oauth-ip', {
    max: env.RATE_LIMIT_IP_MAX,
    windowMs: 60_000,
    key: (r) => r.ip,
  })

  /** The address limit, answered as an error redirect like every other failure here. */
  const limited =
    (provider: ProviderName, modeOf: (request: FastifyRequest) => FlowMode) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await perIp.call(app, request, reply)
      } catch (error) {
        return fail(request, reply, provider, modeOf(request), error)
      }
    }

  // Apple answers with response_mode=form_post; this scope alone parses urlencoded bodies.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)))
      },
    )
  }

  function target(mode: FlowMode, params: Record<string, string>): string {
    const url = new URL(mode === 'mobile' ? APP_CALLBACK_URL : `${env.PUBLIC_URL}/`)
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    return url.toString()
  }

  function fail(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: ProviderName,
    mode: FlowMode,
    error: unknown,
  ) {
    const known = error instanceof AppError
    const code = known ? error.code : 'INTERNAL_SERVER_ERROR'
    const message = known
      ? error.message
      : `No pudimos completar el ingreso con ${PROVIDER_LABELS[provider]}. Intentá nuevamente.`
    const reason =
      error instanceof ProviderFailure
        ? error.reason
        : known
          ? ((error.cause as { reason?: string } | undefined)?.reason ?? error.message)
          : String((error as Error)?.message ?? error)
    const cause = known ? error.cause : undefined
    const fields = {
      provider,
      mode,
      code,
      reason,
      // Conflicts carry the user ids involved; provider failures the underlying error.
      ...(cause instanceof Error
        ? { err: cause }
        : cause && !(typeof cause === 'object' && 'reason' in cause)
          ? { detail: cause }
          : {}),
    }
    if (known) request.log.warn(fields, `${PROVIDER_LABELS[provider]} sign-in refused: ${code}`)
    else request.log.error({ ...fields, err: error }, `${PROVIDER_LABELS[provider]} sign-in failed`)
    return reply.redirect(target(mode, { errorMsg: message, errorCode: code }), 302)
  }

  function readBinding(request: FastifyRequest, provider: ProviderName): Binding | null {
    const raw = request.cookies[bindingCookie(provider)]
    if (!raw) return null
    const unsigned = request.unsignCookie(raw)
    if (!unsigned.valid || unsigned.value === null) return null
    try {
      const parsed = JSON.parse(
        Buffer.from(unsigned.value, 'base64url').toString('utf8'),
      ) as Partial<Binding>
      if (typeof parsed.state !== 'string') return null
      return {
        state: parsed.state,
        mode: parsed.mode === 'mobile' ? 'mobile' : 'web',
        userId: typeof parsed.userId === 'string' ? parsed.userId : null,
      }
    } catch {
      return null
    }
  }

  function cookieOptions(provider: ProviderName) {
    return {
      path: `${app.prefix}/${provider}`,
      httpOnly: true,
      secure: app.secureCookies,
      // Apple's answer is a cross-site POST: only SameSite=None (which needs Secure) reaches it.
      sameSite: provider === 'apple' && app.secureCookies ? ('none' as const) : ('lax' as const),
    }
  }

  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: ProviderName,
    mode: FlowMode,
    intent: string,
  ) {
    try {
      const { state, url } = await service.start(provider, mode, intent)
      const binding: Binding = {
        state,
        mode,
        userId: mode === 'web' ? (request.user?.id ?? null) : null,
      }
      const value = Buffer.from(JSON.stringify(binding)).toString('base64url')
      void reply.setCookie(bindingCookie(provider), value, {
        ...cookieOptions(provider),
        signed: true,
        maxAge: Math.floor(FLOW_TTL_MS / 1000),
      })
      request.log.info({ provider, mode, intent }, `${PROVIDER_LABELS[provider]} sign-in started`)
      return reply.redirect(url, 302)
    } catch (error) {
      return fail(request, reply, provider, mode, error)
    }
  }

  async function callback(request: FastifyRequest, reply: FastifyReply, provider: ProviderName) {
    const input = readInput(request.method === 'POST' ? request.body : request.query)
    const binding = readBinding(request, provider)
    void reply.clearCookie(bindingCookie(provider), cookieOptions(provider))
    let mode: FlowMode = binding?.mode ?? 'web'
    const refuse = (code: 'UNAUTHORIZED' | 'BAD_REQUEST', message: string, reason: string) =>
      new AppError(code, message, { cause: { reason } })
    try {
      if (!input.state)
        throw refuse('BAD_REQUEST', oauthMessages.badState(provider), 'no state in the callback')
      const flow = await service.takeFlow(provider, input.state)
      if (!flow)
        throw refuse('UNAUTHORIZED', oauthMessages.badState(provider), 'unknown or expired state')
      mode = flow.mode
      if (!binding || binding.state !== flow.state)
        throw refuse(
          'UNAUTHORIZED',
          oauthMessages.badState(provider),
          'state not started by this browser (missing or different binding cookie)',
        )
      if (input.error)
        throw refuse(
          'UNAUTHORIZED',
          CANCEL_ERRORS.has(input.error)
            ? oauthMessages.cancelled(provider)
            : `No pudimos completar el ingreso con ${PROVIDER_LABELS[provider]}. Intentá nuevamente.`,
          `provider answered error=${input.error}`,
        )
      if (!input.code)
        throw refuse('BAD_REQUEST', oauthMessages.badState(provider), 'no code in the callback')

      const { user, outcome } = await service.complete(provider, flow, input.code, {
        names: appleNames(input.user),
        activeUserId: binding.userId,
      })
      request.log.info(
        { provider, mode, intent: flow.intent, userId: user.id, outcome },
        `${PROVIDER_LABELS[provider]} sign-in: ${outcome} (${mode})`,
      )
      if (mode === 'mobile') {
        const handoff = await app.authService.createHandoff(user.id)
        return reply.redirect(target('mobile', { handoff }), 302)
      }
      const { token } = await app.authService.startSession(user, signInContext(request))
      setSessionCookies(reply, token, user, app.secureCookies)
      return reply.redirect(`${env.PUBLIC_URL}/`, 302)
    } catch (error) {
      return fail(request, reply, provider, mode, error)
    }
  }

  for (const provider of PROVIDERS) {
    const label = PROVIDER_LABELS[provider]
    app.get(
      `/${provider}/web`,
      {
        schema: { tags, summary: `Starts sign-in with ${label} in the browser (302)` },
        preHandler: limited(provider, () => 'web'),
      },
      async (request, reply) => start(request, reply, provider, 'web', 'login'),
    )
    app.get(
      `/${provider}/mobile`,
      {
        schema: {
          tags,
          summary: `Starts sign-in with ${label} for the native app (302); ?state= is the intent`,
        },
        preHandler: limited(provider, () => 'mobile'),
      },
      async (request, reply) => {
        const raw = (request.query as Record<string, unknown> | undefined)?.state
        const intent = typeof raw === 'string' && INTENT.test(raw) ? raw : 'login'
        return start(request, reply, provider, 'mobile', intent)
      },
    )
    app.route({
      method: provider === 'apple' ? ['GET', 'POST'] : ['GET'],
      url: `/${provider}/callback`,
      schema: { tags, summary: `${label} answers here; redirects to the web or the app (302)` },
      preHandler: limited(provider, (request) => readBinding(request, provider)?.mode ?? 'web'),
      handler: async (request, reply) => callback(request, reply, provider),
    })
  }
}

function readInput(source: unknown): CallbackInput {
  const record = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>
  const pick = (name: keyof CallbackInput) => {
    const value = record[name]
    return typeof value === 'string' && value !== '' && value.length <= 8192 ? value : undefined
  }
  return { code: pick('code'), state: pick('state'), error: pick('error'), user: pick('user') }
}

/** Apple sends the name once, on the first sign-in, as a JSON `user` form field. */
function appleNames(user: string | undefined) {
  const names = { firstName: null as string | null, lastName: null as string | null }
  if (!user) return names
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } }
    const text = (v: unknown) =>
      typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 100) : null
    names.firstName = text(parsed.name?.firstName)
    names.lastName = text(parsed.name?.lastName)
  } catch {
    // A malformed field only loses the name.
  }
  return names
}
