import { sql, type AnyColumn, type SQL, type SQLWrapper, type Table } from 'drizzle-orm'
import type { LogisticsSettings, NotificationSettings } from '@barrio/contracts/admin-settings'
import type { UnitMeasure } from '@barrio/contracts/legal-prices'
import { rowFromJson } from './json-rows.ts'
import { productCollections, productMedia, products, productVariants } from './schema/catalog.ts'
import { cartItems } from './schema/ordering.ts'
import {
  storeLogistics,
  storeNotificationSettings,
  storePaymentMethods,
  storePaymentRules,
  storeTaxes,
} from './schema/store-settings.ts'
import { stores } from './schema/stores.ts'

/**
 * The reads a checkout call is priced from, as SQL expressions that answer JSON (decision 068):
 * a cart's lines and a store's rules. Each owning repository answers its own read through them
 * (`cartRepository.items`, `storeSettingsRepository.checkoutSettings`), and the checkout's
 * repository puts them in one statement with the checkout and its address, so that init, review
 * and submit read everything once. One definition of each read, wherever it runs.
 */

/** A uuid given as a value, a placeholder or a column of the enclosing statement. */
type Id = string | SQLWrapper

/**
 * A column of the enclosing statement's table, with the table's name: the query builder writes a
 * single table's columns bare, which inside these subqueries would name their own tables' columns.
 */
export const outer = (table: Table, column: AnyColumn): SQL =>
  sql`${table}.${sql.identifier(column.name)}`

/**
 * A cart's lines with what the cart and the checkout show: title, variant, unit price, stock,
 * collections (tax scopes), main image, store; in the cart's order. A JSON array (empty: none).
 */
export function cartLinesJson(cartId: Id): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', ci.id, 'variantId', ci.variant_id, 'quantity', ci.quantity,
      'productId', p.id, 'title', p.title, 'productStatus', p.status,
      'withdrawn', (p.hidden_at is not null or s.suspended_at is not null),
      'storeSuspended', (s.suspended_at is not null),
      'variantTitle', v.title, 'priceCents', v.price_cents, 'unitMeasure', v.unit_measure,
      'collectionIds', array(select pc.collection_id from ${productCollections} pc where pc.product_id = p.id),
      'stockQuantity', v.stock_quantity, 'trackStock', v.track_stock, 'storeId', p.store_id,
      'imageUrl', (select coalesce(m.thumb_url, m.url) from ${productMedia} m where m.product_id = p.id order by m.position limit 1)
    ) order by ci.position, ci.created_at), '[]'::json)
    from ${cartItems} ci
    join ${productVariants} v on v.id = ci.variant_id
    join ${products} p on p.id = v.product_id
    join ${stores} s on s.id = p.store_id
    where ci.cart_id = ${cartId})`
}

export type CartLine = {
  id: string
  variantId: string
  quantity: number
  productId: string
  title: string
  productStatus: string
  /** Hidden by the operator or its store suspended (issue 24): not for sale. */
  withdrawn: boolean
  storeSuspended: boolean
  variantTitle: string
  priceCents: number
  unitMeasure: UnitMeasure | null
  /** For the store taxes that apply to it (decision 050). */
  collectionIds: string[]
  stockQuantity: number
  trackStock: boolean
  storeId: string
  imageUrl: string | null
}

/** `cartLinesJson`'s answer (node-postgres and PGlite both parse the JSON). */
export const cartLinesFromJson = (json: unknown): CartLine[] => (json ?? []) as CartLine[]

/**
 * Everything checkout prices and places an order with, in one expression (decision 059): the
 * store row, its saved logistics, taxes and payment methods (oldest first), payment rules and
 * notification settings (null: never saved). A JSON object; null when there is no such store.
 */
export function storeRulesJson(storeId: Id): SQL {
  return sql`(select json_build_object(
      'store', row_to_json(s),
      'logistics', (select l.settings from ${storeLogistics} l where l.store_id = s.id),
      'taxes', (select coalesce(json_agg(t order by t.created_at), '[]'::json) from ${storeTaxes} t where t.store_id = s.id),
      'methods', (select coalesce(json_agg(m order by m.created_at), '[]'::json) from ${storePaymentMethods} m where m.store_id = s.id),
      'rules', (select row_to_json(r) from ${storePaymentRules} r where r.store_id = s.id),
      'notifications', (select n.settings from ${storeNotificationSettings} n where n.store_id = s.id))
    from ${stores} s where s.id = ${storeId})`
}

type StoreRulesJson = {
  store: Record<string, unknown>
  logistics: LogisticsSettings | null
  taxes: Array<Record<string, unknown>>
  methods: Array<Record<string, unknown>>
  rules: Record<string, unknown> | null
  notifications: NotificationSettings | null
}

/** `storeRulesJson`'s answer as the rows the query builder would have given; null: no store. */
export function storeRulesFromJson(json: unknown) {
  if (!json) return null
  const found = json as StoreRulesJson
  return {
    store: rowFromJson(stores, found.store),
    logistics: found.logistics,
    taxes: found.taxes.map((t) => rowFromJson(storeTaxes, t)),
    paymentMethods: found.methods.map((m) => rowFromJson(storePaymentMethods, m)),
    paymentRules: found.rules ? rowFromJson(storePaymentRules, found.rules) : null,
    notifications: found.notifications,
  }
}
export type StoreRulesRows = NonNullable<ReturnType<typeof storeRulesFromJson>>
