import { ERROR_CATALOGUE } from '@barrio/contracts/error-catalogue'
import type { User } from '@barrio/contracts/users'
import { useMutation } from '@tanstack/react-query'
import type { AxiosResponse } from 'axios'

import { getSession, parseUserBody } from '@/api/shared/auth/get-session'
import { loadSignInSchemas } from '@/api/shared/auth/load-sign-in-schemas'
import { ApiError } from '@/lib/http/api-error'
import { http, validateStatus } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

/** Seconds before another code may be requested (the server's rate limit may ask for longer). */
export const PWLESS_RESEND_SECONDS = 60
export const PWLESS_CODE_LENGTH = 6

/** A 429 answer, with the wait the server asked for in Retry-After. */
export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number | null
  constructor(message: string, retryAfterSeconds: number | null, data: unknown) {
    super({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message, data })
    this.name = 'RateLimitedError'
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const text = String(value).trim()
  if (/^\d+$/.test(text)) return Number(text)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return null
  return Math.max(0, Math.ceil((date - now) / 1000))
}

async function toRateLimitedError(response: AxiosResponse<unknown>): Promise<RateLimitedError> {
  const { errorBodySchema } = await loadSignInSchemas()
  const body = errorBodySchema.safeParse(response.data)
  const message = body.success ? body.data.message : ERROR_CATALOGUE.TOO_MANY_REQUESTS.message
  return new RateLimitedError(
    message,
    parseRetryAfter(response.headers['retry-after']),
    response.data,
  )
}

/** Client-side check of the e-mail, with the contract's Spanish message. */
export async function validatePwlessEmail(email: string): Promise<string | null> {
  const { pwlessLoginInputSchema } = await loadSignInSchemas()
  const result = pwlessLoginInputSchema.safeParse({ email })
  return result.success ? null : (result.error.issues[0]?.message ?? 'Ingresá un correo válido')
}

/**
 * POST /auth/pwless/login {email}: e-mails a 6-digit code. A 429 comes back as a
 * RateLimitedError that carries the Retry-After wait.
 */
export async function requestLoginCode({ email }: { email: string }): Promise<{ message: string }> {
  const normalised = email.trim().toLowerCase()
  const response = await http.post<unknown>(
    '/auth/pwless/login',
    { email: normalised },
    {
      skipForbiddenHandler: true,
      // 429 is read here (not by the error path) so its Retry-After header is not lost.
      validateStatus: (status) => validateStatus(status) || status === 429,
    },
  )
  if (response.status === 429) throw await toRateLimitedError(response)
  const { messageSchema } = await loadSignInSchemas()
  const parsed = messageSchema.safeParse(response.data)
  return {
    message: parsed.success ? parsed.data.message : `Te enviamos un código a ${normalised}.`,
  }
}

/** POST /auth/pwless/verify {email, code}: signs in (a new e-mail creates an account that needs a profile). */
export async function verifyLoginCode({
  email,
  code,
}: {
  email: string
  code: string
}): Promise<User> {
  const response = await http.post<unknown>(
    '/auth/pwless/verify',
    { email: email.trim().toLowerCase(), code: code.trim() },
    { skipForbiddenHandler: true },
  )
  return parseUserBody(response.data) ?? (await getSession())
}

export function useRequestLoginCode(config: MutationConfig<typeof requestLoginCode> = {}) {
  return useMutation({ ...config, mutationFn: requestLoginCode })
}

export function useVerifyLoginCode(config: MutationConfig<typeof verifyLoginCode> = {}) {
  return useMutation({ ...config, mutationFn: verifyLoginCode })
}
