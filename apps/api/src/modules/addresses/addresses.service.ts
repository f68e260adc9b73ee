import { buildPage } from '@barrio/contracts/pagination'
import type { AddressInput, GeocodedBy } from '@barrio/contracts/addresses'
import { NO_OWNER_MESSAGE } from '@barrio/contracts/addresses'
import { formatPostalAddress } from '@barrio/contracts/common'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { fromPostalAddressInput, toPostalAddress } from '../../lib/postal-address.ts'
import type { AddressesRepository, AddressOwner, AddressRow } from './addresses.repository.ts'

export const MAX_ADDRESSES_PER_OWNER = 50

export function ownerOf(userId: string | null, deviceId: string | null): AddressOwner {
  if (userId) return { userId }
  if (deviceId) return { deviceId }
  throw new AppError('UNAUTHORIZED', NO_OWNER_MESSAGE)
}

export function toAddressDto(row: AddressRow) {
  const postal = toPostalAddress(row)
  return {
    _id: row.id,
    label: row.label,
    ...postal,
    notes: row.notes,
    latitude: row.latitude,
    longitude: row.longitude,
    placeId: row.placeId,
    geocodedBy: row.geocodedBy,
    approximate: row.geocodedBy === 'locality',
    isDefault: row.isDefault,
    formattedAddress: formatPostalAddress(postal),
    createdAt: row.createdAt.toISOString(),
  }
}

const notFound = () => new AppError('NOT_FOUND', 'No encontramos esa dirección.')

export type LocateAddress = (address: {
  street: string
  number: string
  city: string
  provinceCode: string
}) => Promise<{ latitude: number; longitude: number; geocodedBy: GeocodedBy } | null>

export const LOCALITY_NOT_FOUND_MESSAGE =
  'No encontramos esa localidad: revisala o ubicá tu puerta en el mapa'

/** A customer's addresses, by account or by device; exactly one default per owner. */
export function createAddressesService({
  db,
  repository,
  locate,
}: {
  db: Db
  repository: AddressesRepository
  locate: LocateAddress
}) {
  /**
   * The point to keep and how it was found (decision 038): the client's point as it says (its
   * own pin when it does not say), else located here from the street and number or the locality.
   */
  async function placed(input: AddressInput) {
    if (input.latitude !== undefined && input.longitude !== undefined) {
      return {
        latitude: input.latitude,
        longitude: input.longitude,
        geocodedBy: input.geocodedBy ?? 'pin',
      }
    }
    const found = await locate(input)
    if (!found) {
      throw new AppError('INVALID', LOCALITY_NOT_FOUND_MESSAGE, {
        errors: [{ name: 'city', message: LOCALITY_NOT_FOUND_MESSAGE }],
      })
    }
    return found
  }

  const valuesOf = async (input: AddressInput, isDefault: boolean) => ({
    ...input,
    ...fromPostalAddressInput(input),
    ...(await placed(input)),
    isDefault,
  })

  return {
    async list(owner: AddressOwner, query: { page: number; limit: number }) {
      const { rows, total } = await repository.list(owner, query)
      return buildPage(rows.map(toAddressDto), total, query)
    },
    async get(owner: AddressOwner, id: string) {
      const row = await repository.find(owner, id)
      if (!row) throw notFound()
      return toAddressDto(row)
    },
    async create(owner: AddressOwner, input: AddressInput) {
      const count = await repository.countOwned(owner)
      if (count >= MAX_ADDRESSES_PER_OWNER) {
        throw new AppError(
          'CONFLICT',
          `Podés guardar hasta ${MAX_ADDRESSES_PER_OWNER} direcciones.`,
        )
      }
      // The first address is the default whatever the caller says.
      const isDefault = count === 0 ? true : (input.isDefault ?? false)
      const values = await valuesOf(input, isDefault)
      return toAddressDto(await db.transaction((tx) => repository.insert(tx, owner, values)))
    },
    async update(owner: AddressOwner, id: string, input: AddressInput) {
      const existing = await repository.find(owner, id)
      if (!existing) throw notFound()
      // Unsetting the only default would leave none: keep it; choosing another default is how to move it.
      const isDefault = existing.isDefault ? true : (input.isDefault ?? false)
      const values = await valuesOf(input, isDefault)
      const row = await db.transaction((tx) => repository.update(tx, owner, id, values))
      if (!row) throw notFound()
      return toAddressDto(row)
    },
    async setDefault(owner: AddressOwner, id: string) {
      const row = await db.transaction((tx) => repository.setDefault(tx, owner, id))
      if (!row) throw notFound()
      return toAddressDto(row)
    },
    async remove(owner: AddressOwner, id: string) {
      if (!(await db.transaction((tx) => repository.remove(tx, owner, id)))) throw notFound()
    },
    async moveDeviceToUser(deviceId: string, userId: string) {
      await db.transaction((tx) => repository.moveDeviceToUser(tx, deviceId, userId))
    },
  }
}
export type AddressesService = ReturnType<typeof createAddressesService>
