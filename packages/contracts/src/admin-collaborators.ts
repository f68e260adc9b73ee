import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import { STORE_ROLES } from './permissions.ts'

/**
 * A store's team (issue 14, decision 029): the owner, the collaborators who accepted, and the
 * invitations still pending. `_id` is the member's or the invitation's id (the owner's is their
 * user id); `userId` and `name` are null while an invitation waits.
 */
export const collaboratorSchema = z.object({
  _id: z.string(),
  userId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(STORE_ROLES),
  status: z.enum(['invited', 'active']),
  invitedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** When a pending invitation's link stops working (null for members). */
  expiresAt: z.string().nullable(),
})
export type Collaborator = z.infer<typeof collaboratorSchema>
export const collaboratorPageSchema = pageOf(collaboratorSchema)
export const collaboratorListQuerySchema = paginationQuery(PAGE_SIZES.adminCollaborators)

/** The roles an owner can give: the store has one owner, never invited. */
export const INVITABLE_ROLES = ['manager', 'staff'] as const
const invitableRole = z.enum(INVITABLE_ROLES, { error: 'Elegí un rol: Encargado o Personal' })

export const collaboratorInviteInputSchema = z
  .object({
    email: z
      .string({ error: 'Ingresá el correo' })
      .trim()
      .min(1, 'Ingresá el correo')
      .pipe(z.email({ error: 'Ingresá un correo válido' }))
      .transform((e) => e.toLowerCase()),
    role: invitableRole,
  })
  .strict()
export type CollaboratorInviteInput = z.input<typeof collaboratorInviteInputSchema>

export const collaboratorRoleInputSchema = z.object({ role: invitableRole }).strict()
export type CollaboratorRoleInput = z.infer<typeof collaboratorRoleInputSchema>

/**
 * GET /auth/invitations/{token}: what the invitation page shows before accepting. `status` says
 * whether it can still be accepted.
 */
export const invitationSchema = z.object({
  store: z.object({ _id: z.string(), name: z.string(), logoUrl: z.string().nullable() }),
  role: z.enum(STORE_ROLES),
  email: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  status: z.enum(['pending', 'expired', 'used', 'revoked']),
})
export type Invitation = z.infer<typeof invitationSchema>

/** POST /auth/invitations/{token}/accept: the store joined and the role in it. */
export const invitationAcceptedSchema = z.object({
  store: z.object({ _id: z.string(), name: z.string() }),
  role: z.enum(STORE_ROLES),
})
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>
