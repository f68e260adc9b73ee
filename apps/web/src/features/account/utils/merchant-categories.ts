import { MERCHANT_CATEGORIES } from '@barrio/contracts/auth'

export type MerchantCategory = (typeof MERCHANT_CATEGORIES)[number]

export const MERCHANT_CATEGORY_LABELS: Record<MerchantCategory, string> = {
  almacen: 'Almacén',
  verduleria: 'Verdulería',
  panaderia: 'Panadería',
  carniceria: 'Carnicería',
  fiambreria: 'Fiambrería',
  dietetica: 'Dietética',
  bebidas: 'Bebidas',
  cafe: 'Café',
  heladeria: 'Heladería',
  libreria: 'Librería',
  ferreteria: 'Ferretería',
  mascotas: 'Mascotas',
  ropa: 'Ropa',
  farmacia: 'Farmacia',
  otros: 'Otros',
}

export const MERCHANT_CATEGORY_OPTIONS = MERCHANT_CATEGORIES.map((value) => ({
  value,
  label: MERCHANT_CATEGORY_LABELS[value],
}))
