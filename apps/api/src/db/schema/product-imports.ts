import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { CatalogImportError, CatalogImportStatus } from '@barrio/contracts/catalog-csv'
import { createdAt, id } from './columns.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/**
 * Catalogue imports from a spreadsheet (issue 28, decision 055): the progress of one file, written
 * by the process that runs it in the background and read by any process (GET /admin/imports/{id}).
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<CatalogImportStatus>().notNull().default('validating'),
    /** Rows of the file (not counting the header) and rows written so far. */
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    errors: jsonb('errors').$type<CatalogImportError[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('product_imports_store_created_idx').on(t.storeId, t.createdAt.desc())],
)
export type ProductImportRow = typeof productImports.$inferSelect
