// No zod here: the search results page (a first page) reads these, and a module with schemas
// would bring zod into its bundle (decisions 020, 034). common.ts re-exports them with the schema.

/** Every store category (merchant applications, store settings, seeds), with its Spanish label. */
export const STORE_CATEGORY_LABELS = {
  almacen: 'Almacén',
  verduleria: 'Verdulería',
  panaderia: 'Panadería',
  carniceria: 'Carnicería',
  fiambreria: 'Fiambrería',
  dietetica: 'Dietética',
  bebidas: 'Bebidas',
  vinoteca: 'Vinoteca',
  cafe: 'Café',
  heladeria: 'Heladería',
  kiosco: 'Kiosco',
  libreria: 'Librería',
  ferreteria: 'Ferretería',
  mascotas: 'Mascotas',
  ropa: 'Ropa',
  farmacia: 'Farmacia',
  restaurante: 'Restaurante / comidas',
  otros: 'Otros',
} as const
export type StoreCategory = keyof typeof STORE_CATEGORY_LABELS
export const STORE_CATEGORIES = Object.keys(STORE_CATEGORY_LABELS) as [
  StoreCategory,
  ...StoreCategory[],
]
export const STORE_CATEGORY_OPTIONS = STORE_CATEGORIES.map((value) => ({
  value,
  label: STORE_CATEGORY_LABELS[value],
}))
