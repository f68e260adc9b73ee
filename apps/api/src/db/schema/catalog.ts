import type { UnitMeasure } from '@barrio/contracts/legal-prices'
import {
  boolean,
  check,
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
import { sql } from 'drizzle-orm'
import { createdAt, id, updatedAt } from './columns.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

export const products = pgTable(
  'products',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['draft', 'active', 'archived'] })
      .notNull()
      .default('draft'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /** Option names in display order, e.g. ["Talle", "Color"]; empty for a single default variant. */
    options: text('options')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /**
     * Hidden by the marketplace operator (issue 24): out of every customer list, page and search,
     * and refused at checkout, whatever its status; the seller sees the reason.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Outside the botón de arrepentimiento (issue 27; Ley 24.240 art. 34 leaves out perishables)
     * when true; null follows the store's category (food shops' products are exempt:
     * `WITHDRAWAL_EXEMPT_CATEGORIES`) until the seller decides for the product.
     */
    withdrawalExempt: boolean('withdrawal_exempt'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_store_handle_uq').on(t.storeId, t.handle),
    index('products_store_status_idx').on(t.storeId, t.status),
    index('products_store_updated_idx').on(t.storeId, t.updatedAt),
  ],
)

export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    optionValues: jsonb('option_values').$type<Record<string, string>>().notNull().default({}),
    sku: text('sku'),
    /** Money is integer centavos of ARS. */
    priceCents: integer('price_cents').notNull(),
    compareAtPriceCents: integer('compare_at_price_cents'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    trackStock: boolean('track_stock').notNull().default(true),
    weightGrams: integer('weight_grams'),
    /**
     * What the price buys (`{ unit: 'kg'|'g'|'l'|'ml'|'m'|'unit', quantity }`), for the price per
     * unit of measure customers are shown (Res. 4/2025, decision 050); null when not given.
     */
    unitMeasure: jsonb('unit_measure').$type<UnitMeasure>(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    check(
      'product_variants_unit_measure',
      sql`${t.unitMeasure} is null or (jsonb_typeof(${t.unitMeasure}) = 'object' and ${t.unitMeasure}->>'unit' in ('kg', 'g', 'l', 'ml', 'm', 'unit') and jsonb_typeof(${t.unitMeasure}->'quantity') = 'number' and (${t.unitMeasure}->>'quantity')::numeric > 0)`,
    ),
  ],
)

export const productMedia = pgTable(
  'product_media',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The address an import fetched the image from (decision 057): imported again, it is skipped. */
    sourceUrl: text('source_url'),
    /** A small rendition for lists and thumbnails. */
    thumbUrl: text('thumb_url'),
    /** Storage keys of the renditions, to delete the files with the row. */
    storageKeys: text('storage_keys')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    alt: text('alt').notNull().default(''),
    width: integer('width'),
    height: integer('height'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_media_product_idx').on(t.productId, t.position)],
)

export const collections = pgTable(
  'collections',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('collections_store_handle_uq').on(t.storeId, t.handle),
    index('collections_store_position_idx').on(t.storeId, t.position),
  ],
)

export const productCollections = pgTable(
  'product_collections',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.collectionId] }),
    index('product_collections_collection_idx').on(t.collectionId, t.position),
  ],
)
