import type { StoreCategory } from '@barrio/contracts/common'
import type { DeliveryType } from '@barrio/contracts/enums'
import { toPostalAddress } from '../../lib/postal-address.ts'
import type { StoreRow } from './stores.repository.ts'

/**
 * A store as every answer describes it (spec section 3): the customer's (`catalog.dto.ts`, plus
 * the distance in location queries) and the seller's (`toAdminStoreDto`, plus what only the team
 * sees). The point is the stored one: `stores.latitude/longitude` are NOT NULL, so there is no
 * fallback to invent; `location` mirrors it as GeoJSON ([longitude, latitude]).
 */
export function storeFields(row: StoreRow) {
  return {
    _id: row.id,
    name: row.name,
    handle: row.handle,
    description: row.description,
    category: row.category as StoreCategory,
    phone: row.phone,
    whatsapp: row.whatsapp,
    email: row.email,
    address: toPostalAddress({ ...row, number: row.streetNumber }),
    location: {
      type: 'Point' as const,
      coordinates: [row.longitude, row.latitude] as [number, number],
    },
    latitude: row.latitude,
    longitude: row.longitude,
    isOpen: row.isOpen,
    openingHours: row.openingHours,
    closures: row.closures,
    openOnHolidays: row.openOnHolidays,
    deliveryTypes: row.deliveryTypes as DeliveryType[],
    deliveryRadiusKm: row.deliveryRadiusKm,
    logoUrl: row.logoUrl,
    coverUrl: row.coverUrl,
  }
}
