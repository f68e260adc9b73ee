import type { AdminStore } from '@barrio/contracts/admin-stores'
import { PROVINCE_NAMES } from '@barrio/contracts/provinces'

/** "Rosario, Santa Fe"; just "Ciudad Autónoma de Buenos Aires" when the city is the province. */
export function cityAndProvince(address: AdminStore['address']): string {
  const province = PROVINCE_NAMES[address.provinceCode]
  return address.city.trim().toLowerCase() === province.toLowerCase()
    ? province
    : `${address.city}, ${province}`
}

/** "Thames 640, Villa Crespo, Ciudad Autónoma de Buenos Aires". */
export function fullAddress(address: AdminStore['address']): string {
  return [`${address.street} ${address.number}`, address.neighbourhood, cityAndProvince(address)]
    .filter(Boolean)
    .join(', ')
}
