import { z } from 'zod'
import { userTypeSchema } from './enums.ts'

/** Spec section 3: User. `_id` is the id the API answers with; `id` is accepted from old cookies. */
export const userSchema = z.object({
  _id: z.string(),
  userType: userTypeSchema,
  needsProfile: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  /** Whether the owner of the e-mail proved it (link, code or provider); docs/decisions/010. */
  emailVerified: z.boolean(),
  /**
   * An approved merchant, who may open stores of its own. `userType: 'admin'` alone is the seller
   * area, which members of another's team reach too (decision 029).
   */
  merchantApproved: z.boolean(),
  /**
   * The session's second factor (issue 24): `enrol`/`verify` limit the session to the second
   * factor's routes. Only in session answers (sign-in, GET /auth/session).
   */
  secondFactor: z.enum(['none', 'enrol', 'verify', 'done']).optional(),
})
export type User = z.infer<typeof userSchema>

/**
 * GET /auth/session?optional=true: the session check of app start (spec section 4) asked so that a
 * visitor without a session is an answer, not an error: `{ user: null }` in a 200 instead of a 401
 * (issue 10: no failed request on every anonymous page load). A signed-in user is answered as
 * without the flag; a dead session is still a 403 with the auth-forbidden marker.
 */
export const sessionQuerySchema = z.object({
  optional: z.enum(['true', 'false']).optional(),
})
export const noSessionSchema = z.object({ user: z.null() })
export type NoSession = z.infer<typeof noSessionSchema>

/**
 * GET /auth/gen-device-id: the device uuid and its signed token. The client keeps both and sends
 * them as x-device-id and x-device-token; only with the token does signing in move that device's
 * anonymous carts and addresses to the account.
 */
export const deviceIdResponseSchema = z.object({ uuid: z.uuid(), token: z.string().min(1) })
export type DeviceIdResponse = z.infer<typeof deviceIdResponseSchema>
