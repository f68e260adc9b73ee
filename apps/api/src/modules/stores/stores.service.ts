import type { Clock } from '../../lib/clock.ts'
import type { AdminStoreInput } from '@barrio/contracts/admin-stores'
import { slugify } from '@barrio/contracts/slug'
import { fromPostalAddressInput } from '../../lib/postal-address.ts'
import { AppError, fieldError } from '../../lib/errors.ts'
import { canonicalPhone } from '../../lib/phone.ts'
import { assertOwnImages, type OwnMediaUrlCheck } from '../../lib/own-media.ts'
import type { Db, Tx } from '../../db/client.ts'
import type { Storage } from '../../integrations/storage.ts'
import { assertImages, processImage, type UploadedFile } from '../media/image-pipeline.ts'
import { storeFields } from './store-dto.ts'
import { storeTimeAt } from './store-time.ts'
import type { StoreRole, StoreRow, StoresRepository } from './stores.repository.ts'
import type { CatalogEvents } from '../../plugins/catalog-events.ts'

/** Answers whether a store has orders; the orders module registers one when it lands. */
export type HasOrdersCheck = (storeId: string) => Promise<boolean>
/**
 * What another module deletes with a store: its rows (inside the deletion's transaction) and the
 * stored files to remove once it commits. Products and collections register one each.
 */
export type StoreDeletion = {
  deleteAllOfStore: (tx: Tx, storeId: string) => Promise<void>
  mediaKeysOfStore?: (storeId: string) => Promise<string[]>
}

/** What an approved merchant application gives its first store. */
export type FirstStoreDraft = {
  name: string
  handle: string
  category: string
  phone: string | null
  email: string | null
  address: {
    street: string
    number: string
    floorApartment?: string | null
    neighbourhood?: string | null
    city: string
    provinceCode: string
    postalCode?: string | null
  }
  /** `exact` when the applicant set the pin; otherwise the town's centre, to be confirmed. */
  point: { latitude: number; longitude: number; exact: boolean }
}

/** The seller's view of a store: what customers see, plus what only the team sees. */
export function toAdminStoreDto(row: StoreRow, role: StoreRole, now: Date) {
  const time = storeTimeAt(row, now)
  return {
    ...storeFields(row),
    openNow: time.openNow,
    closesAt: time.closesAt?.toISOString() ?? null,
    nextOpening: time.nextOpening?.toISOString() ?? null,
    locationPending: row.locationPending,
    status: row.status,
    suspension:
      row.suspendedAt && row.suspensionReason !== null
        ? { reason: row.suspensionReason, since: row.suspendedAt.toISOString() }
        : null,
    role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * The shop's WhatsApp in the one spelling the API keeps (lib/phone.ts: E.164, Argentine mobiles
 * with the 9), so wa.me gets the digits it knows; empty clears it (decision 052).
 */
function whatsappColumn(raw: string | null): string | null {
  if (raw === null || raw.trim() === '') return null
  const phone = canonicalPhone(raw)
  if (!phone)
    throw fieldError(
      'INVALID',
      'whatsapp',
      'Ingresá un número de WhatsApp válido, con código de área (ej.: 341 555-0101)',
    )
  return phone
}

function columnsFrom(input: AdminStoreInput) {
  const { number, ...address } = fromPostalAddressInput(input.address)
  return {
    name: input.name,
    handle: input.handle,
    description: input.description,
    category: input.category,
    phone: input.phone ?? null,
    ...(input.whatsapp !== undefined ? { whatsapp: whatsappColumn(input.whatsapp) } : {}),
    email: input.email ?? null,
    ...address,
    streetNumber: number,
    latitude: input.latitude,
    longitude: input.longitude,
    // Saving the store form sets the point from a chosen place and its pin: no longer a guess.
    locationPending: false,
    isOpen: input.isOpen,
    openingHours: input.openingHours,
    ...(input.closures !== undefined ? { closures: input.closures } : {}),
    ...(input.openOnHolidays !== undefined ? { openOnHolidays: input.openOnHolidays } : {}),
    deliveryTypes: input.deliveryTypes,
    ...(input.logoUrl !== undefined ? { logoUrl: input.logoUrl } : {}),
    ...(input.coverUrl !== undefined ? { coverUrl: input.coverUrl } : {}),
  }
}

const notOwner = () => new AppError('USER_NOT_OWNER')
const handleTaken = () =>
  new AppError('CONFLICT', 'Ese identificador ya lo usa otro comercio.', {
    errors: [{ name: 'handle', message: 'Ese identificador ya lo usa otro comercio' }],
  })

/** A seller's stores: only the stores the user owns or collaborates on exist for them. */
export function createStoresService(deps: {
  db: Db
  repository: StoresRepository
  storage: Storage
  /** Every change customers browsing nearby would see (docs/decisions/024). */
  catalogEvents: Pick<CatalogEvents, 'publish'>
  /** Image URLs a seller saves must be our own stored files (lib/own-media.ts). */
  isOwnMediaUrl: OwnMediaUrlCheck
  /** Store schedules are judged by it (lib/clock.ts). */
  clock: Clock
}) {
  const { repository } = deps
  const ownImages = (input: AdminStoreInput) =>
    assertOwnImages(deps.isOwnMediaUrl, { logoUrl: input.logoUrl, coverUrl: input.coverUrl })
  const changed = (storeId: string, geometry: boolean) =>
    deps.catalogEvents.publish({ kind: 'store', storeId, geometry })
  const hasOrdersChecks: HasOrdersCheck[] = []
  const deletions: StoreDeletion[] = []

  async function accessible(userId: string, storeId: string) {
    const found = await repository.findForUser(userId, storeId)
    if (!found) throw notOwner()
    return found
  }

  return {
    onHasOrders(check: HasOrdersCheck) {
      hasOrdersChecks.push(check)
    },
    /**
     * What discovery reads from the store's logistics (radius, delivery types), written in the
     * store settings' transaction so the two never disagree.
     */
    async mirrorLogistics(
      tx: Tx,
      storeId: string,
      mirror: { deliveryRadiusKm: number; deliveryTypes: string[] },
    ) {
      await repository.updateWith(tx, storeId, mirror)
    },
    onStoreDeleted(deletion: StoreDeletion) {
      deletions.push(deletion)
    },
    /** A store's name, logo and owner, for its team and invitations (no access check). */
    brief: (storeId: string) => repository.brief(storeId),
    /** The access check every store-scoped seller call goes through. */
    async roleIn(userId: string, storeId: string): Promise<StoreRole> {
      return (await accessible(userId, storeId)).role
    },
    async list(userId: string, page: { page: number; limit: number }) {
      const { rows, total } = await repository.listForUser(userId, page)
      return { docs: rows.map((r) => toAdminStoreDto(r.store, r.role, deps.clock.now())), total }
    },
    async get(userId: string, storeId: string) {
      const { store, role } = await accessible(userId, storeId)
      return toAdminStoreDto(store, role, deps.clock.now())
    },
    /**
     * A new store of the user's own. Only an approved merchant opens stores (decision 029): being
     * on another store's team gives access to that store, never the right to open one.
     */
    async create(owner: { id: string; merchantApproved: boolean }, input: AdminStoreInput) {
      if (!owner.merchantApproved)
        throw new AppError(
          'ROLE_NOT_ALLOWED',
          'Solo una cuenta de vendedor aprobada puede crear tiendas. Para abrir la tuya, pedí el alta de vendedor desde Mi cuenta.',
        )
      ownImages(input)
      if (await repository.isHandleTaken(input.handle)) throw handleTaken()
      const row = await repository.insert({ ownerId: owner.id, ...columnsFrom(input) })
      changed(row.id, true)
      return toAdminStoreDto(row, 'owner', deps.clock.now())
    },
    /** A handle nobody uses yet, from a business name: "la-esquina", then "la-esquina-2"… */
    async freeHandle(name: string) {
      const base = slugify(name).slice(0, 50).replace(/-+$/, '') || 'comercio'
      for (let n = 1; ; n++) {
        const handle = n === 1 ? base : `${base}-${n}`
        if (!(await repository.isHandleTaken(handle))) return handle
      }
    },
    /**
     * The first store of an approved merchant, from the application, inside the approval's
     * transaction. Closed: it has no products yet, and without a pin its point is only a guess.
     */
    async createFirstStore(tx: Tx, ownerId: string, draft: FirstStoreDraft) {
      const row = await repository.insertWith(tx, {
        ownerId,
        name: draft.name,
        handle: draft.handle,
        category: draft.category,
        phone: draft.phone,
        email: draft.email,
        street: draft.address.street,
        streetNumber: draft.address.number,
        floorApartment: draft.address.floorApartment ?? null,
        neighbourhood: draft.address.neighbourhood ?? null,
        city: draft.address.city,
        provinceCode: draft.address.provinceCode,
        postalCode: draft.address.postalCode ?? null,
        latitude: draft.point.latitude,
        longitude: draft.point.longitude,
        locationPending: !draft.point.exact,
        isOpen: false,
      })
      return toAdminStoreDto(row, 'owner', deps.clock.now())
    },
    async update(userId: string, storeId: string, input: AdminStoreInput) {
      const { role } = await accessible(userId, storeId)
      if (role === 'staff')
        throw new AppError('USER_NOT_AUTHORIZED', 'Tu rol no permite editar el comercio.')
      ownImages(input)
      if (await repository.isHandleTaken(input.handle, storeId)) throw handleTaken()
      const row = await repository.update(storeId, columnsFrom(input))
      if (!row) throw notOwner()
      changed(storeId, true)
      return toAdminStoreDto(row, role, deps.clock.now())
    },
    async toggleOpen(userId: string, storeId: string, isOpen: boolean) {
      const { role, store } = await accessible(userId, storeId)
      // Customers find a store by its point: a guessed one would send them to the wrong door.
      if (isOpen && store.locationPending)
        throw new AppError('CONFLICT', 'Ubicá tu tienda en el mapa antes de abrirla.', {
          errors: [{ name: 'isOpen', message: 'Ubicá tu tienda en el mapa antes de abrirla' }],
        })
      const row = await repository.update(storeId, { isOpen })
      changed(storeId, false)
      return toAdminStoreDto(row!, role, deps.clock.now())
    },
    /** Only the owner deletes; a store with orders is archived so no order loses its shop. */
    async remove(userId: string, storeId: string) {
      const { role } = await accessible(userId, storeId)
      if (role !== 'owner')
        throw new AppError('USER_NOT_AUTHORIZED', 'Solo el dueño puede eliminar el comercio.')
      for (const check of hasOrdersChecks) {
        if (await check(storeId)) {
          await repository.archive(storeId)
          changed(storeId, true)
          return {
            archived: true,
            message: 'El comercio tiene pedidos: lo archivamos para conservarlos.',
          }
        }
      }
      const keys: string[] = []
      for (const d of deletions) keys.push(...((await d.mediaKeysOfStore?.(storeId)) ?? []))
      // The store and everything that hangs from it, in one transaction.
      await deps.db.transaction(async (tx) => {
        for (const d of deletions) await d.deleteAllOfStore(tx, storeId)
        await repository.delete(tx, storeId)
      })
      changed(storeId, true)
      await deps.storage.remove(keys).catch(() => {})
      return { archived: false, message: 'Eliminamos el comercio.' }
    },
    async uploadImage(
      userId: string,
      storeId: string,
      kind: 'logo' | 'cover',
      files: UploadedFile[],
    ) {
      const { role } = await accessible(userId, storeId)
      assertImages(files)
      const image = await processImage(deps.storage, `stores/${storeId}`, files[0]!, {
        maxWidth: kind === 'cover' ? 1600 : 512,
        thumb: kind === 'cover' ? 400 : 256,
      })
      const row = await repository.update(
        storeId,
        kind === 'logo' ? { logoUrl: image.thumb.url } : { coverUrl: image.main.url },
      )
      changed(storeId, false)
      return toAdminStoreDto(row!, role, deps.clock.now())
    },
  }
}
export type StoresService = ReturnType<typeof createStoresService>
