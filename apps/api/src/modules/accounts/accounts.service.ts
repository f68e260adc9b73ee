import {
  isValidCuit,
  type MerchantApplicationInput,
  type ProfileUpdateInput,
} from '@barrio/contracts/auth'
import type { OperatorApplication, OperatorApplicationListQuery } from '@barrio/contracts/operator'
import { buildPage } from '@barrio/contracts/pagination'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { AuthService } from '../auth/auth.service.ts'
import { emailTemplates } from '../notifications/email-templates.ts'
import type { OutboxService } from '../notifications/outbox.service.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import type { GeoService } from '../geo/geo.service.ts'
import { PROVINCE_NAMES, type ProvinceCode } from '@barrio/contracts/provinces'
import type { FirstStoreDraft, StoresService } from '../stores/stores.service.ts'
import type { UserRow, UsersService } from '../users/users.service.ts'
import type { AccountsRepository, MerchantApplicationRow } from './accounts.repository.ts'
import type { CatalogEvents } from '../../plugins/catalog-events.ts'
import type { AuditService } from '../audit/audit.service.ts'

/** An application as the operator reads it, its CUIT checked again. */
function toOperatorApplication(
  application: MerchantApplicationRow,
  applicant: UserRow,
): OperatorApplication {
  const a = application.address
  return {
    _id: application.id,
    status: application.status,
    businessName: application.businessName,
    cuit: application.cuit,
    cuitValid: isValidCuit(application.cuit),
    phone: application.phone,
    category: application.category as OperatorApplication['category'],
    address: {
      street: a.street,
      number: a.number,
      floorApartment: a.floorApartment ?? null,
      neighbourhood: a.neighbourhood ?? null,
      city: a.city,
      provinceCode: a.provinceCode,
      postalCode: a.postalCode ?? null,
      latitude: a.latitude ?? null,
      longitude: a.longitude ?? null,
    },
    applicant: {
      _id: applicant.id,
      email: applicant.email,
      firstName: applicant.firstName,
      lastName: applicant.lastName,
    },
    createdAt: application.createdAt.toISOString(),
    decidedAt: application.decidedAt?.toISOString() ?? null,
    rejectionReason: application.rejectionReason,
  }
}

/**
 * The signed-in user's own account: profile (which completes onboarding) and the application to
 * become a merchant, approved at once (`auto`) or by an operator (`manual`).
 */
export function createAccountsService(deps: {
  db: Db
  users: UsersService
  accounts: AccountsRepository
  authService: AuthService
  outbox: OutboxService
  outboxWorker: OutboxWorker
  approval: 'auto' | 'manual'
  /** Registered after this module: read when an application is approved. */
  stores: () => Pick<StoresService, 'createFirstStore' | 'freeHandle'>
  /** The approved merchant's first store appears in nearby lists (closed). */
  catalogEvents: Pick<CatalogEvents, 'publish'>
  geo: () => Pick<GeoService, 'findPlace'>
  audit: Pick<AuditService, 'record'>
}) {
  const { users, accounts, authService, outbox } = deps

  /** Where the first store goes: the applicant's pin, else the town's centre (to be confirmed). */
  async function firstStorePoint(address: MerchantApplicationRow['address']) {
    if (address.latitude !== undefined && address.longitude !== undefined)
      return { latitude: address.latitude, longitude: address.longitude, exact: true }
    const province = PROVINCE_NAMES[address.provinceCode as ProvinceCode] ?? ''
    const found = await deps
      .geo()
      .findPlace(`${address.city}, ${province}`, 1)
      .catch(() => null)
    const at = found?.candidates[0]?.geometry.location
    // Nothing found: the Obelisco, still flagged; the seller sets the pin before opening.
    return { latitude: at?.lat ?? -34.6037, longitude: at?.lng ?? -58.3816, exact: false }
  }

  /** The first store, from the application (read before the approval's transaction). */
  async function firstStoreDraft(
    application: MerchantApplicationRow,
    user: UserRow,
  ): Promise<FirstStoreDraft> {
    const { latitude: _lat, longitude: _lng, ...address } = application.address
    return {
      name: application.businessName,
      handle: await deps.stores().freeHandle(application.businessName),
      category: application.category,
      phone: application.phone,
      email: user.email,
      address,
      point: await firstStorePoint(application.address),
    }
  }

  /**
   * `decidedBy`: the operator who approves, or `system` (the CLI command), both audited
   * (decision 047); null for the automatic approval (`MERCHANT_APPROVAL=auto`), which is not.
   */
  async function approve(
    application: MerchantApplicationRow,
    user: UserRow,
    decidedBy: { operatorId: string } | 'system' | null = null,
  ) {
    const draft = await firstStoreDraft(application, user)
    const operatorId = decidedBy && decidedBy !== 'system' ? decidedBy.operatorId : null
    const store = await deps.db.transaction(async (tx) => {
      if (!(await accounts.approve(tx, application.id, user.id, operatorId)))
        throw new AppError('CONFLICT', 'Esta solicitud ya fue decidida.')
      const created = await deps.stores().createFirstStore(tx, user.id, draft)
      if (decidedBy)
        await deps.audit.record(tx, {
          actorId: operatorId,
          actorType: operatorId ? 'operator' : 'system',
          storeId: created._id,
          action: 'merchant.approved',
          target: { type: 'merchant_application', id: application.id },
          before: { status: application.status, applicant: user.email },
          after: { status: 'approved', applicant: user.email, storeId: created._id },
        })
      await outbox.enqueueEmail(
        tx,
        emailTemplates.merchantApproved(user.email, application.businessName),
      )
      return created
    })
    deps.catalogEvents.publish({ kind: 'store', storeId: store._id, geometry: true })
    void deps.outboxWorker.drain().catch(() => {})
  }

  return {
    async getOwn(requesterId: string, userId: string): Promise<UserRow> {
      // Someone else's account is "not found" rather than "forbidden": ids cannot be probed.
      if (requesterId !== userId) throw new AppError('USER_NOT_FOUND')
      const user = await users.findById(userId)
      if (!user) throw new AppError('USER_NOT_FOUND')
      return user
    },

    async updateProfile(
      requesterId: string,
      userId: string,
      input: ProfileUpdateInput,
    ): Promise<UserRow> {
      await this.getOwn(requesterId, userId)
      authService.checkPhone(input.phone)
      await authService.ensureUnique(null, input.userName, userId)
      const updated = await users.update(userId, { ...input, needsProfile: false })
      if (!updated) throw new AppError('USER_NOT_FOUND')
      return updated
    },

    async applyForMerchant(requesterId: string, userId: string, input: MerchantApplicationInput) {
      const user = await this.getOwn(requesterId, userId)
      // A member of another's team (userType admin, not a merchant) may still apply for its own.
      if (user.merchantApprovedAt) throw new AppError('CONFLICT', 'Tu cuenta ya es de vendedor.')
      // A shop is run under this e-mail: it must be its owner's (docs/decisions/010).
      if (!user.emailVerifiedAt)
        throw new AppError(
          'EMAIL_NOT_VERIFIED',
          `Antes de vender en Barrio verificá tu correo ${user.email}: abrí el enlace que te enviamos o pedí uno nuevo.`,
        )
      if (await accounts.pendingApplication(userId)) {
        throw new AppError('CONFLICT', 'Ya tenés una solicitud en revisión.')
      }
      const { street, number, floorApartment, neighbourhood, city, provinceCode, postalCode } =
        input
      const { latitude, longitude } = input
      const { businessName, cuit, phone, category } = input
      const business = { businessName, cuit, phone, category }
      const application = await deps.db.transaction(async (tx) => {
        const row = await accounts.insertApplication(tx, {
          userId,
          ...business,
          address: {
            street,
            number,
            ...(floorApartment ? { floorApartment } : {}),
            ...(neighbourhood ? { neighbourhood } : {}),
            city,
            provinceCode,
            ...(postalCode ? { postalCode } : {}),
            ...(latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {}),
          },
        })
        if (deps.approval === 'manual') {
          await outbox.enqueueEmail(
            tx,
            emailTemplates.merchantReceived(user.email, row.businessName),
          )
        }
        return row
      })
      if (deps.approval === 'auto') await approve(application, user)
      else void deps.outboxWorker.drain().catch(() => {})
      const latest = (await accounts.latestApplication(userId)) ?? application
      const refreshed = (await users.findById(userId)) ?? user
      return { application: latest, user: refreshed }
    },

    async setPreferredPaymentMethod(userId: string, method: string | null) {
      await users.update(userId, { preferredPaymentMethod: method })
    },

    /** The operator's queue of applications (issue 24). */
    async listApplications(query: OperatorApplicationListQuery & { page: number; limit: number }) {
      const { rows, total } = await accounts.listApplications(query)
      return buildPage(
        rows.map((r) => toOperatorApplication(r.application, r.applicant)),
        total,
        query,
      )
    },

    /** An operator approves: the applicant becomes a merchant with a first store, and hears it. */
    async approveApplication(applicationId: string, operatorId: string) {
      const found = await accounts.findApplication(applicationId)
      if (!found) throw new AppError('NOT_FOUND', 'No encontramos esa solicitud.')
      if (found.application.status !== 'pending')
        throw new AppError('CONFLICT', 'Esta solicitud ya fue decidida.')
      await approve(found.application, found.applicant, { operatorId })
      const after = (await accounts.findApplication(applicationId))!
      return toOperatorApplication(after.application, after.applicant)
    },

    /** An operator rejects with a reason, which the applicant reads in an e-mail. */
    async rejectApplication(applicationId: string, operatorId: string, reason: string) {
      const found = await accounts.findApplication(applicationId)
      if (!found) throw new AppError('NOT_FOUND', 'No encontramos esa solicitud.')
      await deps.db.transaction(async (tx) => {
        if (!(await accounts.reject(tx, applicationId, operatorId, reason)))
          throw new AppError('CONFLICT', 'Esta solicitud ya fue decidida.')
        await deps.audit.record(tx, {
          actorId: operatorId,
          actorType: 'operator',
          action: 'merchant.rejected',
          target: { type: 'merchant_application', id: applicationId },
          before: { status: found.application.status, applicant: found.applicant.email },
          after: { status: 'rejected', applicant: found.applicant.email, reason },
        })
        await outbox.enqueueEmail(
          tx,
          emailTemplates.merchantRejected(
            found.applicant.email,
            found.application.businessName,
            reason,
          ),
        )
      })
      void deps.outboxWorker.drain().catch(() => {})
      const after = (await accounts.findApplication(applicationId))!
      return toOperatorApplication(after.application, after.applicant)
    },

    /**
     * Operator command: makes a verified account platform staff (issue 24). The account enrols
     * its second factor on its next sign-in.
     */
    async makeOperator(email: string) {
      const user = await users.findByEmail(email)
      if (!user)
        throw new AppError('USER_NOT_FOUND', `No existe un usuario con el correo ${email}.`)
      if (!user.emailVerifiedAt)
        throw new AppError('USER_NOT_VERIFIED', `${email} todavía no verificó su correo.`)
      if (user.userType === 'operator')
        throw new AppError('CONFLICT', `${email} ya es del equipo de operación.`)
      await users.update(user.id, { userType: 'operator' })
      return user
    },

    /** Operator command: approves the pending application of the user with this email. */
    async approveByEmail(email: string) {
      const user = await users.findByEmail(email)
      if (!user)
        throw new AppError('USER_NOT_FOUND', `No existe un usuario con el correo ${email}.`)
      const application = await accounts.pendingApplication(user.id)
      if (!application) throw new AppError('NOT_FOUND', `${email} no tiene solicitudes pendientes.`)
      if (!user.emailVerifiedAt)
        throw new AppError('USER_NOT_VERIFIED', `${email} todavía no verificó su correo.`)
      await approve(application, user, 'system')
      return { application, user }
    },
  }
}
export type AccountsService = ReturnType<typeof createAccountsService>
