import type { AdminStoreInput } from '@barrio/contracts/admin-stores'
import type { DeliveryType } from '@barrio/contracts/enums'
import { AppError } from '../../lib/errors.ts'
import type { Db, Tx } from '../../db/client.ts'
import type { Storage } from '../../integrations/storage.ts'
import { assertImages, processImage, type UploadedFile } from '../media/image-pipeline.ts'
import type { StoreRole, StoreRow, StoresRepository } from './stores.repository.ts'

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

export function toAdminStoreDto(row: StoreRow, role: StoreRole) {
  const coordinates: [number, number] = [row.longitude, row.latitude]
  return {
    _id: row.id,
    name: row.name,
    handle: row.handle,
    description: row.description,
    category: row.category,
    phone: row.phone,
    email: row.email,
    address: {
      street: row.street,
      number: row.streetNumber,
      neighbourhood: row.neighbourhood,
      city: row.city,
      province: row.provinceCode as AdminStoreInput['address']['province'],
      postalCode: row.postalCode,
    },
    location: { type: 'Point' as const, coordinates },
    latitude: row.latitude,
    longitude: row.longitude,
    isOpen: row.isOpen,
    openingHours: row.openingHours,
    deliveryTypes: row.deliveryTypes as DeliveryType[],
    deliveryRadiusKm: row.deliveryRadiusKm,
    logoUrl: row.logoUrl,
    coverUrl: row.coverUrl,
    status: row.status,
    role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function columnsFrom(input: AdminStoreInput) {
  const [lng, lat] = input.location.coordinates
  return {
    name: input.name,
    handle: input.handle,
    description: input.description,
    category: input.category,
    phone: input.phone ?? null,
    email: input.email ?? null,
    street: input.address.street,
    streetNumber: input.address.number,
    neighbourhood: input.address.neighbourhood ?? null,
    city: input.address.city,
    provinceCode: input.address.province,
    postalCode: input.address.postalCode ?? null,
    latitude: lat,
    longitude: lng,
    isOpen: input.isOpen,
    openingHours: input.openingHours,
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
}) {
  const { repository } = deps
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
    /** The access check every store-scoped seller call goes through. */
    async roleIn(userId: string, storeId: string): Promise<StoreRole> {
      return (await accessible(userId, storeId)).role
    },
    async list(userId: string, page: { page: number; limit: number }) {
      const { rows, total } = await repository.listForUser(userId, page)
      return { docs: rows.map((r) => toAdminStoreDto(r.store, r.role)), total }
    },
    async get(userId: string, storeId: string) {
      const { store, role } = await accessible(userId, storeId)
      return toAdminStoreDto(store, role)
    },
    async create(userId: string, input: AdminStoreInput) {
      if (await repository.isHandleTaken(input.handle)) throw handleTaken()
      const row = await repository.insert({ ownerId: userId, ...columnsFrom(input) })
      return toAdminStoreDto(row, 'owner')
    },
    async update(userId: string, storeId: string, input: AdminStoreInput) {
      const { role } = await accessible(userId, storeId)
      if (role === 'staff')
        throw new AppError('USER_NOT_AUTHORIZED', 'Tu rol no permite editar el comercio.')
      if (await repository.isHandleTaken(input.handle, storeId)) throw handleTaken()
      const row = await repository.update(storeId, columnsFrom(input))
      if (!row) throw notOwner()
      return toAdminStoreDto(row, role)
    },
    async toggleOpen(userId: string, storeId: string, isOpen: boolean) {
      const { role } = await accessible(userId, storeId)
      const row = await repository.update(storeId, { isOpen })
      return toAdminStoreDto(row!, role)
    },
    /** Only the owner deletes; a store with orders is archived so no order loses its shop. */
    async remove(userId: string, storeId: string) {
      const { role } = await accessible(userId, storeId)
      if (role !== 'owner')
        throw new AppError('USER_NOT_AUTHORIZED', 'Solo el dueño puede eliminar el comercio.')
      for (const check of hasOrdersChecks) {
        if (await check(storeId)) {
          await repository.archive(storeId)
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
      return toAdminStoreDto(row!, role)
    },
  }
}
export type StoresService = ReturnType<typeof createStoresService>
