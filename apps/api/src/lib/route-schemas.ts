import { errorBodySchema } from '@barrio/contracts/errors'
import { z } from 'zod'

/**
 * Response schemas every route shares (docs/decisions/015-api-style.md): the error answers a route
 * can give, so that /api/docs lists them, and the empty answer of a DELETE.
 */

/** What each error status means in this API (OpenAPI descriptions). */
const ERROR_DESCRIPTIONS = {
  400: 'Invalid input (INVALID or MISSING_REQUIRED_FIELD); errors[].name names each field.',
  401: 'No session (UNAUTHORIZED), or no session and no device id where either is accepted.',
  403: "Signed in but not allowed: not a seller (USER_NOT_ADMIN), not this store (USER_NOT_OWNER), not with the user's role in the store (ROLE_NOT_ALLOWED), or an expired session (x-auth-forbidden).",
  404: 'No such resource for this caller (NOT_FOUND).',
  409: "Well-formed but refused by the resource's current state (CONFLICT and the *_EXISTS codes).",
  410: 'The link no longer works: an invitation expired, was used or was revoked (INVITATION_*).',
  413: 'The body or an upload is too large.',
  422: 'Well-formed but not processable: the content itself cannot be used (UNPROCESSABLE_ENTITY).',
  429: 'Too many attempts (TOO_MANY_REQUESTS); Retry-After says when to try again.',
  502: 'An outside service refused or failed (OTP_NOT_SENT, payment provider).',
  503: 'An outside service is not configured or not reachable (SERVICE_UNAVAILABLE).',
  504: 'An outside service took too long to answer (GATEWAY_TIMEOUT).',
} as const
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS

/** `response: { 200: x, ...errorResponses(400, 401, 404) }`: the error answers a route can give. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, z.ZodType> {
  const responses = {} as Record<S, z.ZodType>
  for (const status of statuses) {
    responses[status] = errorBodySchema.describe(ERROR_DESCRIPTIONS[status])
  }
  return responses
}

/** A DELETE answers 204 No Content, whatever it removed or archived. */
export const noContent = { 204: z.null().describe('No Content') }
