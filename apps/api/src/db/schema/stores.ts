import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns.ts'
import { users } from './users.ts'

/** Opening hours per weekday (0 = Sunday), each a list of [open, close] "HH:MM" ranges. */
export type OpeningHours = Partial<
  Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', Array<[string, string]>>
>

/**
 * A period the store is closed whatever its hours say (vacations, "cerrado por inventario"):
 * Buenos Aires calendar days, both inclusive (issue 26, decision 039).
 */
export type StoreClosure = { from: string; to: string; reason: string }

export const stores = pgTable(
  'stores',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    handle: text('handle').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('almacen'),
    phone: text('phone'),
    /** The shop's WhatsApp, E.164 as `canonicalPhone` writes it (decision 052); null: none. */
    whatsapp: text('whatsapp'),
    email: text('email'),
    street: text('street').notNull(),
    streetNumber: text('street_number').notNull(),
    floorApartment: text('floor_apartment'),
    neighbourhood: text('neighbourhood'),
    city: text('city').notNull(),
    provinceCode: text('province_code').notNull(),
    postalCode: text('postal_code'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    /**
     * The point is a guess (the town's centre, from a merchant application without a pin): the
     * store stays closed until the seller confirms its place on the map.
     */
    locationPending: boolean('location_pending').notNull().default(false),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default({}),
    closures: jsonb('closures').$type<StoreClosure[]>().notNull().default([]),
    /** Argentine national holidays close the store unless this is on (issue 26). */
    openOnHolidays: boolean('open_on_holidays').notNull().default(false),
    /** "Imprimir automáticamente los pedidos nuevos": the dashboard opens each comanda (052). */
    autoPrintOrders: boolean('auto_print_orders').notNull().default(false),
    deliveryTypes: text('delivery_types')
      .array()
      .notNull()
      .default(sql`ARRAY['pickup']::text[]`),
    deliveryRadiusKm: doublePrecision('delivery_radius_km').notNull().default(3),
    logoUrl: text('logo_url'),
    coverUrl: text('cover_url'),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    /**
     * Suspended by the marketplace operator (issue 24): the store leaves every customer list,
     * page, search and the serving-area index, and cannot be checked out; its data stays, and its
     * team sees the reason. Orthogonal to `status` (the seller's own archive).
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    suspendedBy: uuid('suspended_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stores_handle_uq').on(t.handle),
    index('stores_owner_idx').on(t.ownerId),
    index('stores_suspended_idx')
      .on(t.suspendedAt)
      .where(sql`${t.suspendedAt} is not null`),
    // Nearest-shop queries rank with earthdistance's GiST index (see docs/decisions).
    index('stores_earth_gist').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
  ],
)

/**
 * The serving-area index (docs/decisions/024): every active store has one row per grid cell its
 * serving disc may reach (cells of 0.1° × 0.1°, keyed floor(lat·10)·4096 + floor(lng·10)), with
 * the store's point and serving radius copied so that the candidates of a cell are read from this
 * table alone. Kept by the trigger `store_service_cells_sync` on stores (migration
 * 0013_serving_area_index, redefined by 0030_store_suspension to leave suspended stores out), in
 * the same transaction as every change to a store's place, radius, delivery types, status or
 * suspension; nothing in the application writes it.
 */
export const storeServiceCells = pgTable(
  'store_service_cells',
  {
    cell: integer('cell').notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The delivery radius when the store delivers, the browsing radius otherwise (km). */
    serveKm: doublePrecision('serve_km').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cell, t.storeId] }),
    index('store_service_cells_store_idx').on(t.storeId),
  ],
)

/** One row: the browsing radius the serving-area index was built with (BROWSE_RADIUS_KM). */
export const catalogSettings = pgTable('catalog_settings', {
  /** Always true: the table has one row. */
  singleton: boolean('singleton').primaryKey().default(true),
  browseKm: doublePrecision('browse_km').notNull().default(10),
})
