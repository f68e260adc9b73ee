import { createHash } from 'node:crypto'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { StoreCategory } from '@barrio/contracts/common'
import type { UnitMeasure } from '@barrio/contracts/legal-prices'
import { slugify } from '@barrio/contracts/slug'
import { hash } from '@node-rs/argon2'
import { storeLogistics, storePaymentMethods, storeTaxes } from '../db/schema/store-settings.ts'
import type { ProvinceCode } from '@barrio/contracts/provinces'
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import {
  collections,
  productCollections,
  productMedia,
  products,
  merchantApplications,
  productVariants,
  stores,
  users,
} from '../db/schema/index.ts'
import { DEMO_SHOPS, SHOP_OWNERS } from './demo-catalogue.ts'
import type { ProductSeed, ShopSeed, VariantSeed } from './demo-catalogue.ts'
import {
  COVER_IMAGE,
  LOGO_IMAGE,
  PRODUCT_IMAGE,
  coverSvg,
  imageJob,
  logoSvg,
  productSvg,
  renderImages,
  seededRandom,
} from './images.ts'
import type { ImageJob } from './images.ts'
import { backfillCustomers } from '../modules/customers/customers.repository.ts'
import { backfillLedger } from '../modules/payments/ledger-backfill.repository.ts'
import { buildDemoOrders, type DemoCustomer } from './demo-orders.ts'
import { fulfillments, orderEvents, orderItems, orders } from '../db/schema/index.ts'
import { commissionCategoryRates, commissionSettings } from '../db/schema/commissions.ts'
import { commissionOf, resolveRateBp } from '../modules/commissions/commission-arithmetic.ts'

/**
 * The accounts the demo is explored with (the seller and the customer are also shown on the login
 * screen of the demo). The operator enrols a second factor on first sign-in (issue 24).
 */
export const DEMO_ACCOUNTS = {
  seller: { email: 'vendedor@demo.barrio.ar', userName: 'vendedor', password: 'demo1234' },
  customer: { email: 'cliente@demo.barrio.ar', userName: 'cliente', password: 'demo1234' },
  operator: { email: 'operador@demo.barrio.ar', userName: 'operador', password: 'demo1234' },
} as const

/**
 * The demo operator's commission rates (decision 045): 8 % by default, less for kiosks (thin
 * margins), more for restaurants. The history's orders record them, so statements have figures.
 */
const DEMO_COMMISSION = {
  defaultRateBp: 800,
  byCategory: { kiosco: 500, restaurante: 1200 } as Partial<Record<StoreCategory, number>>,
}

/** Two neighbours who applied to sell and wait in the operator's queue. */
const PENDING_APPLICATIONS = [
  {
    neighbour: 0,
    businessName: 'Kiosco Lucía',
    cuit: '27301234568',
    category: 'kiosco',
    address: {
      street: 'Thames',
      number: '1890',
      neighbourhood: 'Palermo',
      city: 'Ciudad Autónoma de Buenos Aires',
      provinceCode: 'C',
      latitude: -34.5873,
      longitude: -58.4296,
    },
  },
  {
    neighbour: 1,
    businessName: 'Verdulería Romero',
    cuit: '20123456786',
    category: 'verduleria',
    address: {
      street: 'Honduras',
      number: '5200',
      neighbourhood: 'Palermo',
      city: 'Ciudad Autónoma de Buenos Aires',
      provinceCode: 'C',
    },
  },
] as const

export type SeedDemoOptions = {
  /** Folder served at `publicPath`; images go to `<uploadsDir>/seed/`. */
  uploadsDir: string
  /** URL prefix of the uploads folder. Default '/uploads'. */
  publicPath?: string
  log?: (msg: string) => void
  /** The moment the demo's history ends (orders up to it). Default: the current time. */
  now?: Date
}

export type SeedDemoResult = {
  users: number
  stores: number
  products: number
  variants: number
  collections: number
  media: number
  orders: number
}

type UserRow = typeof users.$inferInsert
type StoreRow = typeof stores.$inferInsert
type ProductRow = typeof products.$inferInsert
type VariantRow = typeof productVariants.$inferInsert
type MediaRow = typeof productMedia.$inferInsert
type CollectionRow = typeof collections.$inferInsert
type ProductCollectionRow = typeof productCollections.$inferInsert

/**
 * Every demo shop takes cash, most take bank transfer, and their logistics mirror their delivery
 * types and radius (fees in centavos), so checkout has real rules to apply.
 */
function storeSettingsRows(storeRows: Array<typeof stores.$inferInsert>) {
  const paymentMethods: Array<typeof storePaymentMethods.$inferInsert> = []
  const logistics: Array<typeof storeLogistics.$inferInsert> = []
  const taxes: Array<typeof storeTaxes.$inferInsert> = []
  storeRows.forEach((store, i) => {
    const storeId = store.id!
    const types = store.deliveryTypes ?? ['pickup']
    paymentMethods.push({
      storeId,
      method: 'cash',
      enabled: true,
      details: { onPickup: true, onDelivery: types.includes('delivery') },
    })
    if (i % 4 !== 3) {
      const cbu = `0110${String(1000 + i).padStart(4, '0')}${'0'.repeat(13)}${i % 10}`
      paymentMethods.push({
        storeId,
        method: 'bank_transfer',
        enabled: true,
        details: {
          cbu,
          alias: `${store.handle!.slice(0, 14)}.mp`.replace(/[^a-zA-Z0-9.-]/g, ''),
          holder: store.name,
        },
      })
    }
    logistics.push({
      storeId,
      settings: {
        pickup: {
          enabled: types.includes('pickup'),
          address: `${store.street} ${store.streetNumber}, ${store.city}`,
          preparationMinutes: 20,
          instructions: 'Pedí por tu nombre en el mostrador.',
        },
        delivery: {
          enabled: types.includes('delivery'),
          radiusKm: store.deliveryRadiusKm ?? 3,
          fee: {
            type: 'bands',
            bands: [
              { upToKm: 2, amount: 80000 },
              { upToKm: 10, amount: 150000 },
            ],
          },
          freeFrom: 4000000,
          minOrder: 500000,
          estimatedMinutes: 45,
        },
        shipping: {
          enabled: types.includes('shipping'),
          provinces: types.includes('shipping')
            ? shippingProvinces(store.provinceCode as ProvinceCode)
            : [],
          estimatedDays: 4,
        },
        ordersWhenClosed: false,
        // Demo shops take orders for later (issue 26): "pedí hoy, retirá mañana temprano".
        scheduling: {
          pickup: {
            enabled: true,
            slotMinutes: 30,
            slotCapacity: 4,
            prepMinutes: 60,
            maxDaysAhead: 7,
            cutoffMinutes: 0,
          },
          delivery: {
            enabled: true,
            slotMinutes: 60,
            slotCapacity: 3,
            prepMinutes: 60,
            maxDaysAhead: 7,
            cutoffMinutes: 0,
          },
        },
      },
    })
    taxes.push({ storeId, name: 'IVA', rateBasisPoints: 2100, appliesTo: 'all', included: true })
  })
  return { paymentMethods, logistics, taxes }
}

/** Home province cheapest, then CABA and Buenos Aires. */
function shippingProvinces(home: ProvinceCode): Array<{ code: ProvinceCode; fee: number }> {
  const list: Array<{ code: ProvinceCode; fee: number }> = [{ code: home, fee: 400000 }]
  for (const [code, fee] of [
    ['C', 450000],
    ['B', 550000],
  ] as const)
    if (code !== home) list.push({ code, fee })
  return list
}

/** Rows are inserted in chunks well under PostgreSQL's 65 535 bind-parameter limit. */
const CHUNK = 500
const IMAGE_CONCURRENCY = 4

/**
 * One argon2 hash per account, except the neighbours (order-history customers), who share one:
 * eighteen more hashes would slow the first start down for accounts nobody is told about.
 */
async function hashPasswords(plan: Plan): Promise<string[]> {
  const neighbours = new Set(plan.customers.slice(1).map((c) => c.id))
  const shared = hash(DEMO_ACCOUNTS.seller.password)
  return Promise.all(
    plan.users.map((u) => (neighbours.has(u.id!) ? shared : hash(DEMO_ACCOUNTS.seller.password))),
  )
}

/** True when nobody has signed up yet: the signal to seed a fresh demo database. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1)
  return rows.length === 0
}

/**
 * Fills an empty database with the demo marketplace: the demo seller and customer, a few more
 * shop owners, 16 shops across CABA, GBA, Rosario, Córdoba and Mendoza, their products, variants,
 * collections and generated images. All rows go in one transaction; the catalogue is the same on
 * every run (ids are derived from handles, stock levels from a seeded PRNG).
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now()
  const publicPath = (options.publicPath ?? '/uploads').replace(/\/+$/, '')
  const now = options.now ?? new Date()
  const plan = buildPlan(publicPath, now.getTime())

  const demoEmails = plan.users.map((u) => u.email)
  const clash = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, demoEmails))
    .limit(1)
  if (clash.length > 0)
    throw new Error('La base ya tiene los usuarios de la demo: no se vuelve a sembrar.')

  // Image encoding (libvips) and password hashing (argon2) both run off the main thread.
  const [images, passwordHashes] = await Promise.all([
    renderImages(path.join(options.uploadsDir, 'seed'), plan.images, IMAGE_CONCURRENCY),
    hashPasswords(plan),
  ])
  // Demo addresses are ours: their e-mails count as verified (docs/decisions/010).
  const verifiedAt = new Date()
  const userRows = plan.users.map((row, i) => ({
    ...row,
    passwordHash: passwordHashes[i] ?? null,
    emailVerifiedAt: verifiedAt,
  }))

  let history: ReturnType<typeof buildDemoOrders> | undefined
  await db.transaction(async (tx) => {
    for (const rows of chunks(userRows)) await tx.insert(users).values(rows)
    await tx.insert(merchantApplications).values(
      PENDING_APPLICATIONS.map((a, i) => ({
        userId: stableUuid(`user/neighbour/${a.neighbour}`),
        businessName: a.businessName,
        cuit: a.cuit,
        phone: `+54911555503${String(a.neighbour).padStart(2, '0')}`,
        category: a.category,
        address: a.address,
        createdAt: new Date(now.getTime() - (2 - i) * 86_400_000),
      })),
    )
    for (const rows of chunks(plan.stores)) await tx.insert(stores).values(rows)
    for (const rows of chunks(plan.products)) await tx.insert(products).values(rows)
    for (const rows of chunks(plan.variants)) await tx.insert(productVariants).values(rows)
    for (const rows of chunks(plan.media)) await tx.insert(productMedia).values(rows)
    for (const rows of chunks(plan.collections)) await tx.insert(collections).values(rows)
    for (const rows of chunks(plan.productCollections))
      await tx.insert(productCollections).values(rows)
    const settings = storeSettingsRows(plan.stores)
    await tx.insert(storePaymentMethods).values(settings.paymentMethods)
    await tx.insert(storeLogistics).values(settings.logistics)
    await tx.insert(storeTaxes).values(settings.taxes)
    // History, not sales: the orders do not take stock (the catalogue's levels are today's).
    history = buildDemoOrders({
      now,
      sellerId: stableUuid('user/seller'),
      stores: plan.stores,
      products: plan.products,
      variants: plan.variants,
      productCollections: plan.productCollections,
      productImages: new Map(plan.media.map((m) => [m.productId, m.url])),
      customers: plan.customers,
      ...settings,
    })
    await tx.insert(commissionSettings).values({ defaultRateBp: DEMO_COMMISSION.defaultRateBp })
    await tx.insert(commissionCategoryRates).values(
      Object.entries(DEMO_COMMISSION.byCategory).map(([category, rateBp]) => ({
        category: category as StoreCategory,
        rateBp: rateBp!,
      })),
    )
    // Each order records its rate and commission as ordersService.place would have (the
    // refunded part is computed by PostgreSQL from refunded_amount, set below).
    const rates = { ...DEMO_COMMISSION, byStore: new Map<string, number>() }
    const categoryOf = new Map(plan.stores.map((s) => [s.id!, s.category ?? 'almacen']))
    const placed = history.orders.map((o) => {
      const rate = resolveRateBp(rates, { id: o.storeId, category: categoryOf.get(o.storeId)! })
      return { ...o, commissionRateBp: rate, commission: commissionOf(o.subtotal, rate) }
    })
    for (const rows of chunks(placed)) await tx.insert(orders).values(rows)
    for (const rows of chunks(history.items)) await tx.insert(orderItems).values(rows)
    for (const rows of chunks(history.fulfillments)) await tx.insert(fulfillments).values(rows)
    for (const rows of chunks(history.events)) await tx.insert(orderEvents).values(rows)
    // Whole-order fulfillments and refunds, in the partial model the way migration 0014 built
    // it for real orders (decision 025): each fulfillment carries all the order's units.
    await tx.execute(
      sql`insert into fulfillment_items (fulfillment_id, order_item_id, quantity)
        select f.id, i.id, i.quantity from fulfillments f join order_items i on i.order_id = f.order_id
        where not exists (select 1 from fulfillment_items fi where fi.fulfillment_id = f.id)`,
    )
    await tx.execute(
      sql`update orders set refunded_amount = total where payment_status = 'refunded' and refunded_amount = 0`,
    )
    // The payments ledger of that history, built the way migration 0008 built it for real orders.
    await backfillLedger(tx)
    // Each store's customers list, built the way migration 0012 built it for real orders.
    await backfillCustomers(tx)
  })

  const result: SeedDemoResult = {
    users: userRows.length,
    stores: plan.stores.length,
    products: plan.products.length,
    variants: plan.variants.length,
    collections: plan.collections.length,
    media: plan.media.length,
    orders: history?.orders.length ?? 0,
  }
  const ms = Math.round(performance.now() - started)
  options.log?.(
    `Demo sembrada en ${ms} ms: ${result.users} usuarios, ${result.stores} tiendas, ${result.products} productos, ` +
      `${result.variants} variantes, ${result.collections} colecciones, ${result.media} fotos, ` +
      `${result.orders} pedidos ` +
      `(imágenes: ${images.written} generadas, ${images.skipped} ya existían).`,
  )
  return result
}

// ───────────────────────────── plan ─────────────────────────────

type Plan = {
  users: Array<Omit<UserRow, 'passwordHash'> & { email: string }>
  stores: StoreRow[]
  products: ProductRow[]
  variants: VariantRow[]
  media: MediaRow[]
  collections: CollectionRow[]
  productCollections: ProductCollectionRow[]
  images: ImageJob[]
  /** Who buys in the demo's order history: the demo customer first, then the neighbours. */
  customers: DemoCustomer[]
}

/** The demo's other customers (first and last name); they sign in with the demo password. */
const NEIGHBOURS: Array<[string, string]> = [
  ['Lucía', 'Fernández'],
  ['Diego', 'Romero'],
  ['Carolina', 'Sosa'],
  ['Federico', 'Álvarez'],
  ['Julieta', 'Benítez'],
  ['Santiago', 'Medina'],
  ['Florencia', 'Ruiz'],
  ['Nicolás', 'Herrera'],
  ['Agustina', 'Castro'],
  ['Matías', 'Giménez'],
  ['Camila', 'Torres'],
  ['Tomás', 'Acosta'],
  ['Sofía', 'Domínguez'],
  ['Joaquín', 'Navarro'],
  ['Paula', 'Ríos'],
  ['Gonzalo', 'Molina'],
  ['Micaela', 'Ortiz'],
  ['Ignacio', 'Suárez'],
]

/** Builds every row and image job from the catalogue, without touching the database or disk. */
function buildPlan(publicPath: string, now: number): Plan {
  // The shops opened before the three months of order history.
  const opened = now - 100 * 86_400_000
  const plan: Plan = {
    users: [],
    stores: [],
    products: [],
    variants: [],
    media: [],
    collections: [],
    productCollections: [],
    images: [],
    customers: [],
  }
  const url = (job: ImageJob) => `${publicPath}/seed/${job.file}`

  const sellerId = stableUuid('user/seller')
  plan.users.push(
    {
      id: sellerId,
      email: DEMO_ACCOUNTS.seller.email,
      userName: DEMO_ACCOUNTS.seller.userName,
      userType: 'admin',
      merchantApprovedAt: new Date(now),
      needsProfile: false,
      firstName: 'Valeria',
      lastName: 'Gómez',
      phone: '+5491155550101',
    },
    {
      id: stableUuid('user/operator'),
      email: DEMO_ACCOUNTS.operator.email,
      userName: DEMO_ACCOUNTS.operator.userName,
      userType: 'operator',
      needsProfile: false,
      firstName: 'Sofía',
      lastName: 'Operadora',
      phone: '+5491155550303',
    },
    {
      id: stableUuid('user/customer'),
      email: DEMO_ACCOUNTS.customer.email,
      userName: DEMO_ACCOUNTS.customer.userName,
      userType: 'customer',
      needsProfile: false,
      firstName: 'Martín',
      lastName: 'Pereyra',
      phone: '+5491155550202',
    },
  )
  plan.customers.push({
    id: stableUuid('user/customer'),
    firstName: 'Martín',
    lastName: 'Pereyra',
    phone: '+5491155550202',
    email: DEMO_ACCOUNTS.customer.email,
    joinedDaysAgo: 100,
  })
  // Neighbours who buy at the demo shops, joining over the months (new vs returning customers).
  NEIGHBOURS.forEach(([firstName, lastName], i) => {
    const userName = `vecino.${slugify(firstName)}${i + 1}`
    const email = `${userName}@demo.barrio.ar`
    const phone = `+54911555503${String(i).padStart(2, '0')}`
    const id = stableUuid(`user/neighbour/${i}`)
    const joinedDaysAgo = 95 - i * 5
    plan.users.push({
      id,
      email,
      userName,
      userType: 'customer',
      needsProfile: false,
      firstName,
      lastName,
      phone,
      createdAt: new Date(now - joinedDaysAgo * 86_400_000),
    })
    plan.customers.push({ id, firstName, lastName, phone, email, joinedDaysAgo })
  })
  const ownerIds = new Map<string, string>([['demo', sellerId]])
  for (const owner of SHOP_OWNERS) {
    const firstShop = DEMO_SHOPS.find((s) => s.owner === owner.key)
    if (!firstShop) throw new Error(`Dueño de la demo sin tienda: ${owner.key}`)
    const id = stableUuid(`user/${owner.key}`)
    ownerIds.set(owner.key, id)
    plan.users.push({
      id,
      email: `tienda.${firstShop.handle}@demo.barrio.ar`,
      userName: owner.userName,
      userType: 'admin',
      merchantApprovedAt: new Date(now),
      needsProfile: false,
      firstName: owner.firstName,
      lastName: owner.lastName,
      phone: owner.phone,
    })
  }

  const totalProducts = DEMO_SHOPS.reduce((n, s) => n + s.products.length, 0)
  let productCounter = 0
  const shopHandles = new Set<string>()

  DEMO_SHOPS.forEach((shop, shopIndex) => {
    if (shopHandles.has(shop.handle)) throw new Error(`Handle de tienda repetido: ${shop.handle}`)
    shopHandles.add(shop.handle)
    const ownerId = ownerIds.get(shop.owner)
    if (!ownerId) throw new Error(`Tienda ${shop.handle} con dueño desconocido: ${shop.owner}`)
    const storeId = stableUuid(`store/${shop.handle}`)
    const random = seededRandom(`stock/${shop.handle}`)

    const logo = imageJob(
      `logo-${shop.handle}`,
      logoSvg({ name: shop.name, hue: shop.hue }),
      LOGO_IMAGE,
    )
    const cover = imageJob(
      `cover-${shop.handle}`,
      coverSvg({ name: shop.name, place: `${shop.neighbourhood} · ${shop.city}`, hue: shop.hue }),
      COVER_IMAGE,
    )
    plan.images.push(logo, cover)
    plan.stores.push({
      id: storeId,
      ownerId,
      name: shop.name,
      handle: shop.handle,
      description: shop.desc,
      category: shop.category,
      phone: shop.phone,
      email: `${shop.handle}@demo.barrio.ar`,
      street: shop.street,
      streetNumber: shop.streetNumber,
      neighbourhood: shop.neighbourhood,
      city: shop.city,
      provinceCode: shop.provinceCode,
      postalCode: shop.postalCode,
      latitude: shop.latitude,
      longitude: shop.longitude,
      isOpen: shop.isOpen,
      openingHours: shop.hours,
      deliveryTypes: shop.delivery,
      deliveryRadiusKm: shop.radiusKm,
      logoUrl: url(logo),
      coverUrl: url(cover),
      status: 'active',
      // Older shops first, a day apart, so "newest" listings have a stable order.
      createdAt: new Date(opened - (DEMO_SHOPS.length - shopIndex) * 86_400_000),
    })

    const collectionIds = new Map<string, string>()
    const members = new Map<string, string[]>()
    shop.collections.forEach((collection) => {
      if (collectionIds.has(collection.handle)) {
        throw new Error(`Colección repetida en ${shop.handle}: ${collection.handle}`)
      }
      collectionIds.set(
        collection.handle,
        stableUuid(`collection/${shop.handle}/${collection.handle}`),
      )
      members.set(collection.handle, [])
    })
    const productImage = new Map<string, string>()
    const productHandles = new Set<string>()

    shop.products.forEach((product, productIndex) => {
      const handle = slugify(product.title)
      if (productHandles.has(handle))
        throw new Error(`Producto repetido en ${shop.handle}: ${handle}`)
      productHandles.add(handle)
      const productId = stableUuid(`product/${shop.handle}/${handle}`)
      plan.products.push({
        id: productId,
        storeId,
        title: product.title,
        handle,
        description: product.desc,
        status: product.draft ? 'draft' : 'active',
        tags: product.tags,
        options: product.options ?? [],
        createdAt: new Date(opened - (totalProducts - productCounter++) * 60_000),
      })
      plan.variants.push(...variantRows(shop, product, productIndex, productId, random))

      const image = imageJob(
        `p-${shop.handle}-${handle}`,
        productSvg({ title: product.title, shopName: shop.name, hue: shop.hue }),
        PRODUCT_IMAGE,
      )
      plan.images.push(image)
      productImage.set(productId, url(image))
      plan.media.push({
        id: stableUuid(`media/${shop.handle}/${handle}/0`),
        productId,
        url: url(image),
        alt: product.title,
        width: image.width,
        height: image.height,
        position: 0,
      })

      for (const collectionHandle of product.in ?? []) {
        const list = members.get(collectionHandle)
        if (!list)
          throw new Error(`${shop.handle}/${handle}: colección inexistente ${collectionHandle}`)
        list.push(productId)
      }
    })

    shop.collections.forEach((collection, position) => {
      const collectionId = collectionIds.get(collection.handle) ?? ''
      const productIds = members.get(collection.handle) ?? []
      if (productIds.length === 0)
        throw new Error(`Colección vacía: ${shop.handle}/${collection.handle}`)
      plan.collections.push({
        id: collectionId,
        storeId,
        title: collection.title,
        handle: collection.handle,
        description: collection.desc,
        imageUrl: productImage.get(productIds[0] ?? '') ?? null,
        position,
      })
      productIds.forEach((productId, index) => {
        plan.productCollections.push({ productId, collectionId, position: index })
      })
    })
  })
  return plan
}

function variantRows(
  shop: ShopSeed,
  product: ProductSeed,
  productIndex: number,
  productId: string,
  random: () => number,
): VariantRow[] {
  const options = product.options ?? []
  const where = `${shop.handle}/${product.title}`
  let seeds: VariantSeed[]
  if (product.variants && product.variants.length > 0) {
    if (options.length === 0) throw new Error(`${where}: variantes sin opciones`)
    seeds = product.variants
  } else {
    if (options.length > 0) throw new Error(`${where}: opciones sin variantes`)
    if (product.price === undefined) throw new Error(`${where}: falta el precio`)
    seeds = [
      {
        values: [],
        price: product.price,
        ...(product.compareAt !== undefined ? { compareAt: product.compareAt } : {}),
        ...(product.stock !== undefined ? { stock: product.stock } : {}),
      },
    ]
  }
  const sku = `${shop.skuPrefix}-${String(productIndex + 1).padStart(3, '0')}`
  const titles = new Set<string>()
  return seeds.map((seed, position) => {
    if (seed.values.length !== options.length)
      throw new Error(`${where}: la variante no tiene un valor por opción`)
    const title = options.length === 0 ? 'Predeterminado' : seed.values.join(' / ')
    if (titles.has(title)) throw new Error(`${where}: variante repetida ${title}`)
    titles.add(title)
    if (!Number.isInteger(seed.price) || seed.price <= 0)
      throw new Error(`${where}: precio inválido`)
    if (seed.compareAt !== undefined && seed.compareAt <= seed.price) {
      throw new Error(`${where}: el precio anterior debe ser mayor que el precio`)
    }
    const optionValues: Record<string, string> = {}
    options.forEach((name, i) => {
      optionValues[name] = seed.values[i] ?? ''
    })
    // Always draw, so one product's explicit stock does not shift the numbers of the next ones.
    const drawn = 4 + Math.floor(random() * 37)
    const tracked = !product.untracked
    const grams = seed.grams ?? weightFromValues(seed.values) ?? product.grams ?? shop.grams
    return {
      id: stableUuid(`variant/${productId}/${title}`),
      productId,
      title,
      optionValues,
      sku: options.length === 0 ? sku : `${sku}-${seed.values.map(skuPart).join('-')}`,
      priceCents: seed.price * 100,
      compareAtPriceCents: seed.compareAt !== undefined ? seed.compareAt * 100 : null,
      stockQuantity: tracked ? (seed.stock ?? product.stock ?? drawn) : 0,
      trackStock: tracked,
      weightGrams: grams > 0 ? grams : null,
      // What the price buys, for the price per unit customers see (decision 050).
      unitMeasure: MEASURED_CATEGORIES.has(shop.category)
        ? measureFromTexts([...seed.values, product.title])
        : null,
      position,
    }
  })
}

/** Shops whose goods are sold by weight, volume or count (not a mug's 250 ml capacity). */
const MEASURED_CATEGORIES = new Set<StoreCategory>([
  'almacen',
  'carniceria',
  'dietetica',
  'fiambreria',
  'heladeria',
  'kiosco',
  'mascotas',
  'panaderia',
  'verduleria',
  'vinoteca',
])

/**
 * A unit of measure read from a variant's values or else the title: "500 g", "1 kg", "750 ml",
 * "1,5 l", "x 12" (12 units); null when none says one.
 */
function measureFromTexts(texts: string[]): UnitMeasure | null {
  const units: Record<string, UnitMeasure['unit']> = {
    g: 'g',
    gr: 'g',
    kg: 'kg',
    ml: 'ml',
    cc: 'ml',
    l: 'l',
    lt: 'l',
  }
  for (const text of texts) {
    const amount = /(?<![\d/.,])(\d+(?:[.,]\d+)?)\s*(kg|gr|g|ml|cc|lt|l)(?![\p{L}])/iu.exec(text)
    const unit = amount?.[2] ? units[amount[2].toLowerCase()] : undefined
    if (amount?.[1] && unit) return { unit, quantity: Number(amount[1].replace(',', '.')) }
    const count = /\bx\s*(\d+)\b/i.exec(text)
    if (count?.[1] && Number(count[1]) >= 2) return { unit: 'unit', quantity: Number(count[1]) }
  }
  return null
}

/** "500 g" → 500, "1 kg" → 1000, "7,5 kg" → 7500; anything else → undefined. */
function weightFromValues(values: string[]): number | undefined {
  for (const value of values) {
    const match = /^(\d+(?:[.,]\d+)?)\s*(g|kg)$/i.exec(value.trim())
    if (match?.[1] && match[2]) {
      const amount = Number(match[1].replace(',', '.'))
      return Math.round(match[2].toLowerCase() === 'kg' ? amount * 1000 : amount)
    }
  }
  return undefined
}

function skuPart(value: string): string {
  return slugify(value).replace(/-/g, '').toUpperCase()
}

/** A version-5-shaped UUID from a name, so every run of the seed produces the same ids. */
function stableUuid(name: string): string {
  const bytes = createHash('sha1').update(`barrio-demo/${name}`).digest().subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK)
}
