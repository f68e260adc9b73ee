import type {
  AdminCustomer,
  AdminCustomerDetail,
  AdminCustomerInputParsed,
  AdminCustomerListQuery,
} from '@barrio/contracts/admin-customers'
import { buildPage } from '@barrio/contracts/pagination'
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { AppError, fieldError } from '../../lib/errors.ts'
import {
  fromPostalAddressInput,
  toPostalAddress,
  type PostalAddressColumns,
} from '../../lib/postal-address.ts'
import { parseCustomerFilter } from './customer-filter.ts'
import type {
  CustomersRepository,
  CustomerValues,
  CustomerWithTotals,
} from './customers.repository.ts'

const NOT_FOUND = 'No encontramos ese cliente.'
const ORDER_ADDRESSES = 5

/** What an order tells about its buyer (the checkout's contact and delivery address). */
export type BuyerOfOrder = {
  storeId: string
  userId: string | null
  contact: { firstName: string; lastName: string; phone: string; email: string }
  shippingAddress: PostalAddressColumns | null
}

function toDto(row: CustomerWithTotals): AdminCustomer {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    tags: row.tags,
    address: row.address ? toPostalAddress(row.address) : null,
    hasAccount: row.userId !== null,
    ordersCount: row.ordersCount,
    totalSpent: row.totalSpent,
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The phone as E.164, read as Argentine when it has no country code ("11 5555-0202" is
 * +5491155550202 once the mobile 9 is added by libphonenumber's rules); 400 when it is no number.
 */
export function normalizePhone(raw: string): string {
  const parsed = parsePhoneNumberFromString(raw, 'AR')
  if (!parsed?.isValid())
    throw fieldError('INVALID', 'phone', 'Ingresá un teléfono válido (ej.: 11 5555-0202)')
  return parsed.number
}

/** A store's customers: the list with its JSON filter, the seller's own customers, order buyers. */
export function createCustomersService({ repository }: { repository: CustomersRepository }) {
  async function detail(storeId: string, id: string): Promise<AdminCustomerDetail> {
    const row = await repository.find(storeId, id)
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND)
    const addresses = await repository.orderAddresses(row.id, ORDER_ADDRESSES)
    return { ...toDto(row), orderAddresses: addresses.map(toPostalAddress) }
  }

  async function valuesOf(
    storeId: string,
    input: AdminCustomerInputParsed,
    exceptId?: string,
  ): Promise<CustomerValues> {
    const phone = normalizePhone(input.phone)
    const twin = await repository.findByPhone(storeId, phone, exceptId)
    if (twin)
      throw new AppError('CONFLICT', 'Ya tenés un cliente con ese teléfono.', {
        errors: [
          {
            name: 'phone',
            message: `Ya tenés un cliente con ese teléfono: ${`${twin.firstName} ${twin.lastName}`.trim()}`,
          },
        ],
      })
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      phone,
      email: input.email,
      notes: input.notes,
      tags: input.tags,
      address: input.address ? fromPostalAddressInput(input.address) : null,
    }
  }

  return {
    async list(storeId: string, query: AdminCustomerListQuery) {
      const filter = parseCustomerFilter(query.query)
      const page = { page: query.page, limit: query.limit }
      const { rows, total } = await repository.list(storeId, filter, query.sort, page)
      return buildPage(rows.map(toDto), total, page)
    },
    get: detail,
    async create(storeId: string, input: AdminCustomerInputParsed) {
      const id = await repository.insert(storeId, await valuesOf(storeId, input))
      return detail(storeId, id)
    },
    async update(storeId: string, id: string, input: AdminCustomerInputParsed) {
      if (!(await repository.find(storeId, id))) throw new AppError('NOT_FOUND', NOT_FOUND)
      const values = await valuesOf(storeId, input, id)
      if (!(await repository.update(storeId, id, values)))
        throw new AppError('NOT_FOUND', NOT_FOUND)
      return detail(storeId, id)
    },
    /** Takes the customer off the store's list; their orders stay with the name they had. */
    async remove(storeId: string, id: string) {
      if (!(await repository.delete(storeId, id))) throw new AppError('NOT_FOUND', NOT_FOUND)
    },
    /**
     * Called by the orders service inside the order's transaction: the buyer's customer row of
     * the store (created or refreshed); null for an order with no account.
     */
    async recordOrder(
      tx: Parameters<CustomersRepository['upsertBuyer']>[0],
      buyer: BuyerOfOrder,
    ): Promise<string | null> {
      if (!buyer.userId) return null
      return repository.upsertBuyer(tx, buyer.storeId, buyer.userId, {
        firstName: buyer.contact.firstName,
        lastName: buyer.contact.lastName,
        phone: buyer.contact.phone,
        email: buyer.contact.email ? buyer.contact.email.toLowerCase() : null,
        address: buyer.shippingAddress,
      })
    },
  }
}
export type CustomersService = ReturnType<typeof createCustomersService>
