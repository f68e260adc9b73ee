import type { Collaborator, CollaboratorInviteInput } from '@barrio/contracts/admin-collaborators'
import { INVITATION_VALID_DAYS } from '@barrio/contracts/constants'
import { STORE_ROLE_LABELS, type StoreRole } from '@barrio/contracts/permissions'
import type { Db, Tx } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { randomToken, sha256 } from '../../lib/tokens.ts'
import type { OutboxService } from '../notifications/outbox.service.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import { emailTemplates } from '../notifications/email-templates.ts'
import type { StoresService } from '../stores/stores.service.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { SessionUser, UserRow, UsersService } from '../users/users.service.ts'
import type {
  CollaboratorsRepository,
  InvitableRole,
  InvitationRow,
  MemberRow,
} from './collaborators.repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000

function nameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'userName' | 'email'>) {
  const full = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim()
  return full || user.userName || user.email
}

const notFound = () => new AppError('NOT_FOUND', 'No encontramos a esa persona en el equipo.')
const ownerIsFixed = () =>
  new AppError('CONFLICT', 'El dueño del comercio no se puede quitar ni cambiar de rol.')

type Inviter = Pick<SessionUser, 'id' | 'firstName' | 'lastName' | 'userName' | 'email'>

/**
 * A store's team (decision 029): the owner (the store's `owner_id`), members with a role, and
 * invitations by e-mail. An invitation's link carries a random token whose SHA-256 is stored; it
 * works once, for 7 days, for the account with the invited e-mail.
 */
export function createCollaboratorsService(deps: {
  db: Db
  repository: CollaboratorsRepository
  stores: Pick<StoresService, 'brief' | 'onStoreDeleted'>
  users: Pick<
    UsersService,
    'findById' | 'findByIds' | 'findByEmail' | 'updateWith' | 'customerAgainUnlessMerchant'
  >
  outbox: Pick<OutboxService, 'enqueueEmail'>
  outboxWorker: Pick<OutboxWorker, 'drain'>
  publicUrl: string
  audit: Pick<AuditService, 'record'>
}) {
  const { repository, audit } = deps

  async function storeOf(storeId: string) {
    const store = await deps.stores.brief(storeId)
    if (!store) throw new AppError('NOT_FOUND', 'No encontramos ese comercio.')
    return store
  }

  function ownerDto(owner: UserRow, storeCreatedAt: Date | null): Collaborator {
    return {
      _id: owner.id,
      userId: owner.id,
      email: owner.email,
      name: nameOf(owner),
      role: 'owner',
      status: 'active',
      invitedAt: null,
      acceptedAt: storeCreatedAt?.toISOString() ?? null,
      expiresAt: null,
    }
  }
  function memberDto(m: MemberRow, user: UserRow | undefined): Collaborator {
    return {
      _id: m.id,
      userId: m.userId,
      email: user?.email ?? '',
      name: user ? nameOf(user) : null,
      role: m.role,
      status: 'active',
      invitedAt: m.invitedAt?.toISOString() ?? null,
      acceptedAt: m.createdAt.toISOString(),
      expiresAt: null,
    }
  }
  function invitationDto(i: InvitationRow): Collaborator {
    return {
      _id: i.id,
      userId: null,
      email: i.email,
      name: null,
      role: i.role,
      status: 'invited',
      invitedAt: i.invitedAt.toISOString(),
      acceptedAt: null,
      expiresAt: i.expiresAt.toISOString(),
    }
  }

  async function sendInvitation(
    storeName: string,
    invitation: { email: string; role: InvitableRole },
    inviter: Inviter,
    token: string,
  ) {
    const url = `${deps.publicUrl.replace(/\/$/, '')}/invitations/${token}`
    return emailTemplates.storeInvitation(invitation.email, {
      storeName,
      roleLabel: STORE_ROLE_LABELS[invitation.role],
      inviterName: nameOf(inviter),
      url,
      validDays: INVITATION_VALID_DAYS,
    })
  }

  /**
   * After a membership ended: with no team left, an account that is not an approved merchant goes
   * back to the customer app (what the membership gave is taken back; decision 029).
   */
  async function settleSellerArea(tx: Tx, userId: string) {
    await repository.lockSellerArea(tx, userId)
    if ((await repository.membershipsOf(tx, userId)) === 0)
      await deps.users.customerAgainUnlessMerchant(tx, userId)
  }

  /** Why an invitation cannot be accepted now, or null when it can. */
  function invitationProblem(i: InvitationRow, now = new Date()) {
    if (i.revokedAt) return 'revoked' as const
    if (i.acceptedAt) return 'used' as const
    if (i.expiresAt <= now) return 'expired' as const
    return null
  }

  // A deleted store's team leaves it in the deletion's transaction, with what it gave them.
  deps.stores.onStoreDeleted({
    async deleteAllOfStore(tx, storeId) {
      for (const userId of await repository.removeAllOfStore(tx, storeId))
        await settleSellerArea(tx, userId)
    },
  })

  return {
    /** Owner first, then members by the date they joined, then pending invitations. */
    async list(storeId: string, page: { page: number; limit: number }) {
      const store = await storeOf(storeId)
      const [members, invitations] = await Promise.all([
        repository.countMembers(storeId),
        repository.countPending(storeId),
      ])
      const total = 1 + members + invitations
      const start = (page.page - 1) * page.limit
      const end = start + page.limit
      const docs: Collaborator[] = []
      // Positions: 0 the owner, 1..members the members, then the invitations.
      const memberStart = Math.max(start - 1, 0)
      const memberEnd = Math.min(Math.max(end - 1, 0), members)
      const invitationStart = Math.max(start - 1 - members, 0)
      const invitationEnd = Math.max(end - 1 - members, 0)
      const [memberRows, invitationRows] = await Promise.all([
        repository.members(storeId, memberStart, memberEnd - memberStart),
        repository.pendingInvitations(storeId, invitationStart, invitationEnd - invitationStart),
      ])
      const userIds = memberRows.map((m) => m.userId)
      if (start === 0) userIds.push(store.ownerId)
      const users = new Map((await deps.users.findByIds(userIds)).map((u) => [u.id, u]))
      if (start === 0) {
        const owner = users.get(store.ownerId)
        if (owner) docs.push(ownerDto(owner, store.createdAt))
      }
      for (const m of memberRows) docs.push(memberDto(m, users.get(m.userId)))
      for (const i of invitationRows) docs.push(invitationDto(i))
      return { docs, total }
    },

    async get(storeId: string, id: string) {
      const store = await storeOf(storeId)
      if (id === store.ownerId) {
        const owner = await deps.users.findById(id)
        if (owner) return ownerDto(owner, store.createdAt)
      }
      const member = await repository.member(storeId, id)
      if (member) return memberDto(member, (await deps.users.findById(member.userId)) ?? undefined)
      const invitation = await repository.pendingInvitation(storeId, id)
      if (invitation) return invitationDto(invitation)
      throw notFound()
    },

    /** Invites by e-mail: one pending invitation per address; members are not invited again. */
    async invite(storeId: string, inviter: Inviter, input: Required<CollaboratorInviteInput>) {
      const store = await storeOf(storeId)
      const email = input.email.trim().toLowerCase()
      const role = input.role as InvitableRole
      const already = () =>
        new AppError('CONFLICT', 'Esa persona ya forma parte del equipo.', {
          errors: [{ name: 'email', message: 'Esa persona ya forma parte del equipo' }],
        })
      const owner = await deps.users.findById(store.ownerId)
      if (owner?.email.toLowerCase() === email) throw already()
      const account = await deps.users.findByEmail(email)
      if (account && (await repository.memberByUser(storeId, account.id))) throw already()
      const existing = await repository.pendingFor(storeId, email)
      if (existing && existing.expiresAt > new Date())
        throw new AppError('CONFLICT', 'Ya hay una invitación pendiente para ese correo.', {
          errors: [
            {
              name: 'email',
              message: 'Ya hay una invitación pendiente para ese correo: reenviala desde la lista',
            },
          ],
        })
      const token = randomToken()
      const now = Date.now()
      const row = await deps.db.transaction(async (tx) => {
        // An expired invitation to the same address gives way to the new one.
        if (existing) await repository.revoke(tx, existing.id)
        const created = await repository.insertInvitation(tx, {
          storeId,
          email,
          role,
          tokenHash: sha256(token),
          invitedBy: inviter.id,
          invitedAt: new Date(now),
          expiresAt: new Date(now + INVITATION_VALID_DAYS * DAY_MS),
        })
        await deps.outbox.enqueueEmail(
          tx,
          await sendInvitation(store.name, { email, role }, inviter, token),
        )
        await audit.record(tx, {
          actorId: inviter.id,
          storeId,
          action: 'team.member_invited',
          target: { type: 'invitation', id: created.id },
          before: null,
          after: { email, role },
        })
        return created
      })
      void deps.outboxWorker.drain().catch(() => {})
      return invitationDto(row)
    },

    /** A new link (the old one stops working) valid 7 days from now, e-mailed again. */
    async resend(storeId: string, id: string, inviter: Inviter) {
      const store = await storeOf(storeId)
      const invitation = await repository.pendingInvitation(storeId, id)
      if (!invitation) throw notFound()
      const token = randomToken()
      const now = Date.now()
      const row = await deps.db.transaction(async (tx) => {
        const updated = await repository.updateInvitation(tx, id, {
          tokenHash: sha256(token),
          invitedAt: new Date(now),
          invitedBy: inviter.id,
          expiresAt: new Date(now + INVITATION_VALID_DAYS * DAY_MS),
        })
        await deps.outbox.enqueueEmail(
          tx,
          await sendInvitation(store.name, invitation, inviter, token),
        )
        await audit.record(tx, {
          actorId: inviter.id,
          storeId,
          action: 'team.invitation_resent',
          target: { type: 'invitation', id },
          before: { email: invitation.email, expiresAt: invitation.expiresAt },
          after: { email: invitation.email, expiresAt: updated!.expiresAt },
        })
        return updated!
      })
      void deps.outboxWorker.drain().catch(() => {})
      return invitationDto(row)
    },

    /** A member's or a pending invitation's role, audited with the role before (decision 047). */
    async changeRole(storeId: string, id: string, role: InvitableRole, actorId: string) {
      const store = await storeOf(storeId)
      if (id === store.ownerId) throw ownerIsFixed()
      // Read before the transaction: on the embedded database a read outside it would wait for it.
      const known = await repository.member(storeId, id)
      const user = known ? ((await deps.users.findById(known.userId)) ?? undefined) : undefined
      const changed = await deps.db.transaction(async (tx) => {
        const was = await repository.member(storeId, id, tx)
        if (was) {
          const member = (await repository.setRole(storeId, id, role, tx))!
          if (was.role !== role)
            await audit.record(tx, {
              actorId,
              storeId,
              action: 'team.role_changed',
              target: { type: 'member', id },
              before: { email: user?.email ?? null, role: was.role },
              after: { email: user?.email ?? null, role },
            })
          return memberDto(member, user)
        }
        const invitation = await repository.pendingInvitation(storeId, id, tx)
        if (!invitation) throw notFound()
        const updated = (await repository.updateInvitation(tx, id, { role }))!
        if (invitation.role !== role)
          await audit.record(tx, {
            actorId,
            storeId,
            action: 'team.role_changed',
            target: { type: 'invitation', id },
            before: { email: invitation.email, role: invitation.role },
            after: { email: invitation.email, role },
          })
        return invitationDto(updated)
      })
      return changed
    },

    /**
     * Removes a member, or revokes a pending invitation (its link then says so). A member who
     * leaves their last team and is not a merchant is a customer again.
     */
    async remove(storeId: string, id: string, actorId: string) {
      const store = await storeOf(storeId)
      if (id === store.ownerId) throw ownerIsFixed()
      const member = await repository.member(storeId, id)
      if (member) {
        const user = await deps.users.findById(member.userId)
        await deps.db.transaction(async (tx) => {
          const userId = await repository.removeMember(tx, storeId, id)
          if (!userId) return
          await settleSellerArea(tx, userId)
          await audit.record(tx, {
            actorId,
            storeId,
            action: 'team.member_removed',
            target: { type: 'member', id },
            before: { email: user?.email ?? null, userId, role: member.role },
            after: null,
          })
        })
        return
      }
      const invitation = await repository.pendingInvitation(storeId, id)
      if (!invitation) throw notFound()
      await deps.db.transaction(async (tx) => {
        await repository.revoke(tx, id)
        await audit.record(tx, {
          actorId,
          storeId,
          action: 'team.invitation_revoked',
          target: { type: 'invitation', id },
          before: { email: invitation.email, role: invitation.role },
          after: null,
        })
      })
    },

    /** What the invitation page shows; anyone holding the link may read it. */
    async preview(token: string) {
      const invitation = await repository.byTokenHash(sha256(token))
      if (!invitation) throw new AppError('NOT_FOUND', 'No encontramos esa invitación.')
      const store = await storeOf(invitation.storeId)
      const inviter = invitation.invitedBy ? await deps.users.findById(invitation.invitedBy) : null
      return {
        store: { _id: store.id, name: store.name, logoUrl: store.logoUrl },
        role: invitation.role as StoreRole,
        email: invitation.email,
        invitedBy: inviter ? nameOf(inviter) : null,
        expiresAt: invitation.expiresAt.toISOString(),
        status: invitationProblem(invitation) ?? ('pending' as const),
      }
    },

    /**
     * The signed-in user joins the store with the invitation's role, once: the row is locked,
     * checked and marked used in one transaction. An account that was a customer's reaches the
     * seller area (userType admin) for the stores it works in; it does not become a merchant.
     */
    async accept(token: string, user: SessionUser) {
      // Read before the transaction: on the embedded database a read outside it would wait for it.
      const found = await repository.byTokenHash(sha256(token))
      if (!found) throw new AppError('NOT_FOUND', 'No encontramos esa invitación.')
      const store = await storeOf(found.storeId)
      const result = await deps.db.transaction(async (tx) => {
        const invitation = await repository.lockByTokenHash(tx, sha256(token))
        if (!invitation) throw new AppError('NOT_FOUND', 'No encontramos esa invitación.')
        const problem = invitationProblem(invitation)
        if (problem === 'revoked') throw new AppError('INVITATION_REVOKED')
        if (problem === 'used') throw new AppError('INVITATION_USED')
        if (problem === 'expired') throw new AppError('INVITATION_EXPIRED')
        if (user.email.toLowerCase() !== invitation.email.toLowerCase())
          throw new AppError(
            'INVITATION_WRONG_ACCOUNT',
            `Esta invitación es para ${invitation.email}. Ingresá con la cuenta de ese correo.`,
          )
        if (store.status !== 'active') throw new AppError('INVITATION_REVOKED')
        if (store.ownerId === user.id)
          throw new AppError('CONFLICT', 'Ya sos el dueño de este comercio.')
        await repository.lockSellerArea(tx, user.id)
        await repository.upsertMember(tx, {
          storeId: invitation.storeId,
          userId: user.id,
          role: invitation.role,
          invitedAt: invitation.invitedAt,
        })
        await repository.updateInvitation(tx, invitation.id, {
          acceptedAt: new Date(),
          acceptedBy: user.id,
        })
        // The seller area opens for this store's work (userType admin), nothing more: opening
        // stores of one's own stays for approved merchants (merchantApprovedAt, issue 22).
        // Holding the link proves the mailbox: the e-mail counts as verified.
        await deps.users.updateWith(tx, user.id, {
          userType: 'admin',
          ...(user.emailVerified ? {} : { emailVerifiedAt: new Date() }),
        })
        return { store: { _id: store.id, name: store.name }, role: invitation.role as StoreRole }
      })
      return result
    },
  }
}
export type CollaboratorsService = ReturnType<typeof createCollaboratorsService>
