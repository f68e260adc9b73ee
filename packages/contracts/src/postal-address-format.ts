// No zod here: the web app's first page imports these values, and a module with schemas would
// bring zod into that bundle (decision 020).
import type { PostalAddress, PostalAddressInput } from './common.ts'
import { PROVINCE_NAMES } from './provinces.ts'

/** A parsed input as the answer shape: absent optional lines become null, the province named. */
export function postalAddressFromInput(input: PostalAddressInput): PostalAddress {
  return {
    street: input.street,
    number: input.number,
    floorApartment: input.floorApartment ?? null,
    neighbourhood: input.neighbourhood ?? null,
    city: input.city,
    provinceCode: input.provinceCode,
    provinceName: PROVINCE_NAMES[input.provinceCode],
    postalCode: input.postalCode ?? null,
  }
}

/** "Av. Corrientes 1234, 3° B, Balvanera, CABA": one line for display and for place lookups. */
export function formatPostalAddress(
  address: Pick<PostalAddress, 'street' | 'number' | 'city' | 'provinceName'> &
    Partial<Pick<PostalAddress, 'floorApartment' | 'neighbourhood'>>,
): string {
  return [
    `${address.street} ${address.number}`.trim(),
    address.floorApartment,
    address.neighbourhood,
    address.city,
    address.provinceName,
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
}
