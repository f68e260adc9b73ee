import {
  CUSTOMER_SORTS,
  type CustomerFilter,
  type CustomerSort,
} from '@barrio/contracts/admin-customers'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import { z } from 'zod'

import {
  enumParam,
  optionalIntParam,
  pageParam,
  textParam,
} from '@/components/admin/list/list-params'

const dayParam = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .catch(null)

/**
 * The customer list's URL: /admin/customers?q=lucia&tag=vip&minOrders=2&minSpent=10000&sort=-totalSpent.
 * Amounts are whole pesos in the URL (what the seller types); the API filter takes centavos.
 */
export const customerListSchema = z.object({
  page: pageParam(),
  sort: enumParam(CUSTOMER_SORTS, '-lastOrderAt'),
  q: textParam(),
  tag: textParam(40),
  minOrders: optionalIntParam({ max: 1_000_000 }),
  maxOrders: optionalIntParam({ max: 1_000_000 }),
  minSpent: optionalIntParam({ max: 10_000_000_000 }),
  maxSpent: optionalIntParam({ max: 10_000_000_000 }),
  lastFrom: dayParam(),
  lastTo: dayParam(),
})
export type CustomerListValues = z.infer<typeof customerListSchema>

export type CustomerListParams = { page: number; limit: number; sort: CustomerSort; query?: string }

/** The JSON `query` of GET /admin/customers (customerFilterSchema); undefined when nothing is chosen. */
export function buildCustomerFilter(values: CustomerListValues): CustomerFilter | undefined {
  const filter: CustomerFilter = {}
  const search = values.q.trim()
  if (search) filter.search = search.slice(0, 100)
  const tag = values.tag.trim()
  if (tag) filter.tags = tag
  if (values.minOrders !== null || values.maxOrders !== null)
    filter.ordersCount = {
      ...(values.minOrders !== null ? { $gte: values.minOrders } : {}),
      ...(values.maxOrders !== null ? { $lte: values.maxOrders } : {}),
    }
  if (values.minSpent !== null || values.maxSpent !== null)
    filter.totalSpent = {
      ...(values.minSpent !== null ? { $gte: values.minSpent * 100 } : {}),
      ...(values.maxSpent !== null ? { $lte: values.maxSpent * 100 } : {}),
    }
  if (values.lastFrom || values.lastTo)
    filter.lastOrderAt = {
      ...(values.lastFrom ? { $gte: values.lastFrom } : {}),
      ...(values.lastTo ? { $lte: values.lastTo } : {}),
    }
  return Object.keys(filter).length > 0 ? filter : undefined
}

export function buildCustomerListParams(values: CustomerListValues): CustomerListParams {
  const filter = buildCustomerFilter(values)
  return {
    page: values.page,
    limit: PAGE_SIZES.adminCustomers,
    sort: values.sort,
    ...(filter ? { query: JSON.stringify(filter) } : {}),
  }
}
