import { buildPage } from '@barrio/contracts/pagination'
import type { AddressInput } from '@barrio/contracts/addresses'
import { NO_OWNER_MESSAGE } from '@barrio/contracts/addresses'
import { formatPostalAddress } from '@barrio/contracts/common'
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
    isDefault: row.isDefault,
    formattedAddress: formatPostalAddress(postal),
    createdAt: row.createdAt.toISOString(),
  }
}

const notFound = () => new AppError('NOT_FOUND', 'No encontramos esa dirección.')

/** A customer's addresses, by account or by device; exactly one default per owner. */
export function createAddressesService({ repository }: { repository: AddressesRepository }) {
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
      return toAddressDto(
        await repository.insert(owner, { ...input, ...fromPostalAddressInput(input), isDefault }),
      )
    },
    async update(owner: AddressOwner, id: string, input: AddressInput) {
      const existing = await repository.find(owner, id)
      if (!existing) throw notFound()
      // Unsetting the only default would leave none: keep it; choosing another default is how to move it.
      const isDefault = existing.isDefault ? true : (input.isDefault ?? false)
      const row = await repository.update(owner, id, {
        ...input,
        ...fromPostalAddressInput(input),
        isDefault,
      })
      if (!row) throw notFound()
      return toAddressDto(row)
    },
    async setDefault(owner: AddressOwner, id: string) {
      const row = await repository.setDefault(owner, id)
      if (!row) throw notFound()
      return toAddressDto(row)
    },
    async remove(owner: AddressOwner, id: string) {
      if (!(await repository.remove(owner, id))) throw notFound()
    },
    moveDeviceToUser: repository.moveDeviceToUser,
  }
}
export type AddressesService = ReturnType<typeof createAddressesService>
