import {
  postalAddressFromInput,
  type PostalAddress,
  type PostalAddressInput,
} from '@barrio/contracts/common'
import { PROVINCE_NAMES, type ProvinceCode } from '@barrio/contracts/provinces'

/** The address columns as stored (stores call the number column `streetNumber`). */
export type PostalAddressColumns = {
  street: string
  number: string
  floorApartment: string | null
  neighbourhood: string | null
  city: string
  provinceCode: string
  postalCode: string | null
}

/** Stored columns -> the one postal address of the wire (contracts/src/common.ts). */
export function toPostalAddress(columns: PostalAddressColumns): PostalAddress {
  const provinceCode = columns.provinceCode as ProvinceCode
  return {
    street: columns.street,
    number: columns.number,
    floorApartment: columns.floorApartment,
    neighbourhood: columns.neighbourhood,
    city: columns.city,
    provinceCode,
    provinceName: PROVINCE_NAMES[provinceCode] ?? columns.provinceCode,
    postalCode: columns.postalCode,
  }
}

/** A parsed postal address -> columns (absent optional lines are stored as null). */
export function fromPostalAddressInput(input: PostalAddressInput): PostalAddressColumns {
  const { provinceName: _name, ...columns } = postalAddressFromInput(input)
  return columns
}
