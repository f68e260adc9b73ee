import { addressSchema, type Address } from '@barrio/contracts/addresses'
import { buildPage } from '@barrio/contracts/pagination'
import { productSchema, type Product, type Variant } from '@barrio/contracts/products'
import { storeSchema, type Store } from '@barrio/contracts/stores'

/** Addresses, shops and products built through the contract schemas, so they cannot drift. */
export function buildAddress(overrides: Partial<Address> = {}): Address {
  return addressSchema.parse({
    _id: '11111111-1111-4111-8111-111111111111',
    label: 'Casa',
    street: 'Gurruchaga',
    number: '1723',
    floorApartment: null,
    neighbourhood: null,
    city: 'Palermo',
    provinceCode: 'C',
    provinceName: 'Ciudad Autónoma de Buenos Aires',
    postalCode: 'C1414ABC',
    notes: null,
    latitude: -34.5889,
    longitude: -58.4305,
    placeId: null,
    geocodedBy: 'georef',
    approximate: false,
    isDefault: false,
    formattedAddress: 'Gurruchaga 1723, Palermo, Ciudad Autónoma de Buenos Aires',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  })
}

export function buildStore(overrides: Partial<Store> = {}): Store {
  const latitude = overrides.latitude ?? -34.5889
  const longitude = overrides.longitude ?? -58.4306
  return storeSchema.parse({
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'Tostadero Soho',
    handle: 'tostadero-soho',
    description: 'Café de especialidad tostado en el barrio.',
    category: 'cafe',
    phone: null,
    email: null,
    address: {
      street: 'Gurruchaga',
      number: '1700',
      floorApartment: null,
      neighbourhood: 'Palermo',
      city: 'Ciudad Autónoma de Buenos Aires',
      provinceCode: 'C',
      provinceName: 'Ciudad Autónoma de Buenos Aires',
      postalCode: '1414',
    },
    location: { type: 'Point', coordinates: [longitude, latitude] },
    latitude,
    longitude,
    isOpen: true,
    openingHours: { '1': [['08:00', '20:00']] },
    closures: [],
    openOnHolidays: false,
    openNow: true,
    closesAt: null,
    nextOpening: null,
    etaMinutes: null,
    closure: null,
    deliveryTypes: ['pickup', 'delivery'],
    deliveryRadiusKm: 4,
    logoUrl: null,
    coverUrl: null,
    ...overrides,
  })
}

export function buildVariant(overrides: Partial<Variant> = {}): Variant {
  return {
    _id: 'v1',
    title: 'Predeterminado',
    sku: null,
    options: {},
    price: 100000,
    compareAtPrice: null,
    stock: 10,
    trackInventory: true,
    isAvailable: true,
    unitMeasure: null,
    ...overrides,
  }
}

export function buildProduct(overrides: Partial<Product> = {}): Product {
  const variants = overrides.variants ?? [buildVariant()]
  return productSchema.parse({
    _id: '33333333-3333-4333-8333-333333333333',
    title: 'Blend Soho para espresso',
    handle: 'blend-soho',
    description: 'Crema densa y dulzor a caramelo.',
    status: 'active',
    tags: [],
    options: [],
    collectionIds: [],
    currency: 'ARS',
    price: Math.min(...variants.map((v) => v.price)),
    compareAtPrice: null,
    isAvailable: variants.some((v) => v.isAvailable),
    variants,
    media: [],
    store: {
      _id: '22222222-2222-4222-8222-222222222222',
      name: 'Tostadero Soho',
      handle: 'tostadero-soho',
      isOpen: true,
      openNow: true,
      logoUrl: null,
    },
    ...overrides,
  })
}

export function pageOf<T>(docs: T[], { page = 1, limit = 10, total = docs.length } = {}) {
  return buildPage(docs, total, { page, limit })
}
