import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type {
  CatalogImportError,
  CatalogImportRow,
  CatalogImportStatus,
} from '@barrio/contracts/catalog-csv'
import { createdAt, id } from './columns.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/**
 * Catalogue imports from a spreadsheet (issue 28, decision 055): the progress of one file, written
 * by the process that runs it in the background and read by any process (GET /admin/imports/{id}).
 * The file's rows are kept with it, so that another process can resume an import whose process
 * stopped (its heartbeat went stale, decision 057).
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
    /** The file's rows as read (cells by column), to check and write them again on a resume. */
    rows: jsonb('rows').$type<CatalogImportRow[]>(),
    /** Which process runs it, and when that process last said so (every few seconds). */
    worker: text('worker'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Image URLs of the file, and how many have been fetched, skipped or refused so far. */
    imagesTotal: integer('images_total').notNull().default(0),
    imagesDone: integer('images_done').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('product_imports_store_created_idx').on(t.storeId, t.createdAt.desc()),
    // The imports some process may have to resume: few, found by the periodic claim.
    index('product_imports_unfinished_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} in ('validating', 'running')`),
  ],
)
export type ProductImportRow = typeof productImports.$inferSelect
