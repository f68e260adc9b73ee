import type { AdminCollectionInput } from '@barrio/contracts/admin-collections'
import { buildPage } from '@barrio/contracts/pagination'
import { AppError } from '../../lib/errors.ts'
import { assertOwnImages, type OwnMediaUrlCheck } from '../../lib/own-media.ts'
import type { Db, Tx } from '../../db/client.ts'
import { slugify } from '@barrio/contracts/slug'
import type { CollectionRow, CollectionsRepository } from './collections.repository.ts'

function toDto(row: CollectionRow, productIds: string[]) {
  return {
    _id: row.id,
    title: row.title,
    handle: row.handle,
    description: row.description,
    imageUrl: row.imageUrl,
    position: row.position,
    productIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A store's collections with ordered product membership; everything scoped to the store. */
export function createCollectionsService({
  db,
  repository,
  isOwnMediaUrl,
}: {
  db: Db
  repository: CollectionsRepository
  /** The image URL must be one of our own stored files (lib/own-media.ts). */
  isOwnMediaUrl: OwnMediaUrlCheck
}) {
  const notFound = () => new AppError('NOT_FOUND', 'No encontramos esa colección en este comercio.')

  async function validated(storeId: string, input: AdminCollectionInput, exceptId?: string) {
    assertOwnImages(isOwnMediaUrl, { imageUrl: input.imageUrl })
    const handle = input.handle ?? (slugify(input.title) || 'coleccion')
    if (await repository.isHandleTaken(storeId, handle, exceptId)) {
      throw new AppError('CONFLICT', 'Ya hay una colección con ese identificador.', {
        errors: [{ name: 'handle', message: 'Ya hay una colección con ese identificador' }],
      })
    }
    const productIds = [...new Set(input.productIds)]
    const owned = await repository.productIdsOfStore(storeId, productIds)
    if (owned.length !== productIds.length) {
      throw new AppError('INVALID', 'Algún producto no existe en este comercio.', {
        errors: [{ name: 'productIds', message: 'Algún producto no existe en este comercio' }],
      })
    }
    return { handle, productIds }
  }

  return {
    /** Clean-up of a deleted store, in the stores service's transaction (see onStoreDeleted). */
    deleteAllOfStore: (tx: Tx, storeId: string) => repository.deleteAllOfStore(tx, storeId),
    /** productId -> its collection ids, for tax rules that apply to collections. */
    async membershipsOf(
      productIds: string[],
      q?: Parameters<typeof repository.membershipsOfProducts>[1],
    ) {
      const rows = await repository.membershipsOfProducts(productIds, q)
      const map = new Map<string, string[]>()
      for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), r.collectionId])
      return map
    },
    async list(storeId: string, query: { page: number; limit: number; q?: string | undefined }) {
      const { rows, total } = await repository.list(storeId, query.q, query)
      const members = await repository.members(rows.map((r) => r.id))
      return buildPage(
        rows.map((r) =>
          toDto(
            r,
            members.filter((m) => m.collectionId === r.id).map((m) => m.productId),
          ),
        ),
        total,
        query,
      )
    },
    async get(storeId: string, id: string) {
      const row = await repository.find(storeId, id)
      if (!row) throw notFound()
      return toDto(
        row,
        (await repository.members([id])).map((m) => m.productId),
      )
    },
    async create(storeId: string, input: AdminCollectionInput) {
      const { handle, productIds } = await validated(storeId, input)
      const row = await db.transaction((tx) =>
        repository.create(
          tx,
          {
            storeId,
            title: input.title,
            handle,
            description: input.description,
            imageUrl: input.imageUrl ?? null,
            position: input.position,
          },
          productIds,
        ),
      )
      return toDto(row, productIds)
    },
    async update(storeId: string, id: string, input: AdminCollectionInput) {
      if (!(await repository.find(storeId, id))) throw notFound()
      const { handle, productIds } = await validated(storeId, input, id)
      const row = await db.transaction((tx) =>
        repository.update(
          tx,
          id,
          {
            title: input.title,
            handle,
            description: input.description,
            imageUrl: input.imageUrl ?? null,
            position: input.position,
          },
          productIds,
        ),
      )
      return toDto(row, productIds)
    },
    async remove(storeId: string, id: string) {
      if (!(await repository.find(storeId, id))) throw notFound()
      await repository.remove(id)
    },
  }
}
export type CollectionsService = ReturnType<typeof createCollectionsService>
