import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm'

/**
 * A table's row as `row_to_json` / `json_agg` gave it (keys are the columns' SQL names) turned into
 * the row Drizzle would have answered: property names, and each column's own mapping from the
 * driver's value (timestamps to Date, bigserial to number, jsonb as is). For statements that
 * answer several tables' rows at once (a CTE's RETURNING), which the query builder cannot type.
 */
export function rowFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown>,
): InferSelectModel<T> {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as InferSelectModel<T>
}
