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
})
export type User = z.infer<typeof userSchema>

/** The readable `user` cookie: a JSON string or an object, with `_id` or `id` (spec section 3). */
export const savedUserSchema = z
  .object({
    _id: z.string().optional(),
    id: z.string().optional(),
    userType: userTypeSchema,
    needsProfile: z.boolean().default(false),
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
    userName: z.string().nullish(),
    phone: z.string().nullish(),
    email: z.string(),
    // Cookies written before verification existed lack it; the next session read refreshes it.
    emailVerified: z.boolean().default(false),
  })
  .refine((u) => Boolean(u._id ?? u.id), { message: 'El usuario guardado no tiene id' })
  .transform((u): User => ({
    _id: (u._id ?? u.id) as string,
    userType: u.userType,
    needsProfile: u.needsProfile,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    userName: u.userName ?? null,
    phone: u.phone ?? null,
    email: u.email,
    emailVerified: u.emailVerified,
  }))

/**
 * GET /auth/gen-device-id: the device uuid and its signed token. The client keeps both and sends
 * them as x-device-id and x-device-token; only with the token does signing in move that device's
 * anonymous carts and addresses to the account.
 */
export const deviceIdResponseSchema = z.object({ uuid: z.uuid(), token: z.string().min(1) })
export type DeviceIdResponse = z.infer<typeof deviceIdResponseSchema>
