import { adminStoreSchema, type AdminStore } from '@barrio/contracts/admin-stores'
import { adminProductSchema, type AdminProduct } from '@barrio/contracts/admin-products'
import { buildPage, type Page } from '@barrio/contracts/pagination'

import { setSelectedStoreId, setUser } from '@/lib/app-store'
import { buildUser } from '@/testing/fixtures'

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on document.fonts.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {} },
  })
}

export const STORE_A = '0b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e'
export const STORE_B = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
export const STORE_C = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60'

/** Signs in a seller and, optionally, selects a store (what the header sends as x-store-id). */
export function signInSeller(selectedStoreId: string | null = STORE_A): void {
  setUser(
    buildUser({
      userType: 'admin',
      merchantApproved: true,
      userName: 'vendedor',
      firstName: 'Marta',
    }),
  )
  setSelectedStoreId(selectedStoreId)
}

/** Stores built through the contract schema, so fixtures cannot drift from it. */
export function buildAdminStore(overrides: Partial<AdminStore> = {}): AdminStore {
  return adminStoreSchema.parse({
    _id: STORE_A,
    name: 'Almacén Don José',
    handle: 'almacen-don-jose',
    description: '',
    category: 'almacen',
    phone: null,
    email: null,
    address: {
      street: 'Av. Corrientes',
      number: '1234',
      floorApartment: null,
      neighbourhood: 'Balvanera',
      city: 'Buenos Aires',
      provinceCode: 'C',
      provinceName: 'Ciudad Autónoma de Buenos Aires',
      postalCode: null,
    },
    location: { type: 'Point', coordinates: [-58.3816, -34.6037] },
    latitude: -34.6037,
    longitude: -58.3816,
    isOpen: true,
    locationPending: false,
    openingHours: { '1': [['09:00', '13:00']] },
    closures: [],
    openOnHolidays: false,
    openNow: true,
    closesAt: null,
    nextOpening: null,
    deliveryTypes: ['pickup'],
    deliveryRadiusKm: 3,
    logoUrl: null,
    coverUrl: null,
    status: 'active',
    role: 'owner',
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  })
}

export const PRODUCT_ID = '3e4f5a6b-7c8d-4e9f-8a0b-2c3d4e5f6a7b'

export function buildAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return adminProductSchema.parse({
    _id: PRODUCT_ID,
    storeId: STORE_A,
    title: 'Yerba mate 1 kg',
    handle: 'yerba-mate-1-kg',
    description: '',
    status: 'active',
    collectionIds: [],
    tags: [],
    options: [],
    variants: [
      {
        _id: '4f5a6b7c-8d9e-4f0a-9b1c-3d4e5f6a7b8c',
        title: '',
        sku: null,
        options: {},
        price: 350000,
        compareAtPrice: null,
        stock: 10,
        trackInventory: true,
        weight: null,
      },
    ],
    media: [],
    totalStock: 10,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  })
}

/** One page of results in the API's envelope. */
export function pageOf<T>(docs: T[], { page = 1, limit = 10, total = docs.length } = {}): Page<T> {
  return buildPage(docs, total, { page, limit })
}
