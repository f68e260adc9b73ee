import { sql, type SQL } from 'drizzle-orm'

/**
 * What the seller sold, in one definition (decisions 017 and 022). Every figure of sales —
 * analytics' totals, series and splits, the dashboard's day, a store customer's `totalSpent` —
 * sums `orderNetSales` over the store's orders, so they agree with each other and with the
 * payments ledger's net.
 *
 * The SQL takes the columns of the `orders` table (its own name or a query's alias), never the
 * drizzle table object: modules outside the ordering owners and reporters (customers) may not
 * import the ordering schema (decision 014).
 */
const column = (table: string | undefined, name: string) =>
  table ? sql`${sql.identifier(table)}.${sql.identifier(name)}` : sql.identifier(name)

/**
 * Net sales of one order, in centavos: its `total` minus what was refunded so far
 * (`refunded_amount`: refunds by amount, by lines and the rest add up there), 0 when the order is
 * cancelled. A fully refunded order is `total − total` = 0; a partially refunded one counts what
 * the shop kept. Orders still awaiting payment count their total (decision 017: demand).
 */
export function orderNetSales(table?: string): SQL {
  const status = column(table, 'status')
  const total = column(table, 'total')
  const refunded = column(table, 'refunded_amount')
  return sql`(case when ${status} = 'cancelled' then 0 else greatest(${total} - ${refunded}, 0) end)`
}

/** Units of an order line the customer kept: bought minus refunded by line. */
export function lineNetUnits(table?: string): SQL {
  return sql`(${column(table, 'quantity')} - ${column(table, 'refunded_quantity')})`
}

/**
 * Line revenue the shop kept: the line total for the units not refunded by line
 * (`line_total` is unit price × quantity, so this is unit price × kept units). Refunds by amount
 * are not tied to a product and leave lines as they are (decision 017).
 */
export function lineNetSales(table?: string): SQL {
  const quantity = column(table, 'quantity')
  return sql`(${column(table, 'line_total')}::bigint * ${lineNetUnits(table)} / nullif(${quantity}, 0))`
}
