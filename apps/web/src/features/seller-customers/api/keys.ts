import { storeAreaKeys } from '@/lib/admin-query-keys'

/** Customers of one store: lists by params and each customer. */
export const sellerCustomerKeys = storeAreaKeys('customers')
