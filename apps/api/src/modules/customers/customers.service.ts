import type {
  AdminCustomer,
  AdminCustomerDetail,
  AdminCustomerInputParsed,
  AdminCustomerListQuery,
  CustomerAddress,
} from '@barrio/contracts/admin-customers'
import {
  customerFilterSchema,
  type customerAddressInputSchema,
} from '@barrio/contracts/admin-customers'
import { formatPostalAddress } from '@barrio/contracts/common'
import { PROVINCE_NAMES, type ProvinceCode } from '@barrio/contracts/provinces'
import type { z } from 'zod'
import type { Tx } from '../../db/client.ts'
import { buildPage } from '@barrio/contracts/pagination'
import { AppError, fieldError } from '../../lib/errors.ts'
import { parseJsonFilter } from '../../lib/json-filter.ts'
import { canonicalPhone } from '../../lib/phone.ts'
import {
  fromPostalAddressInput,
  toPostalAddress,
  type PostalAddressColumns,
} from '../../lib/postal-address.ts'
import type {
  CustomerAddressRow,
  CustomerAddressValues,
  CustomersRepository,
  CustomerValues,
  CustomerWithTotals,
} from './customers.repository.ts'

type CustomerAddressInputParsed = z.output<typeof customerAddressInputSchema>
/** Finds a locality's centre for an address the seller typed without a map point. */
export type Locator = (query: string) => Promise<{ latitude: number; longitude: number } | null>
/** Moves a store customer's orders to another customer (the orders module owns the rows). */
export type MoveOrders = (tx: Tx, fromCustomerId: string, toCustomerId: string) => Promise<void>

const NOT_FOUND = 'No encontramos ese cliente.'
const ORDER_ADDRESSES = 5

/** What an order tells about its buyer (the checkout's contact and delivery address). */
export type BuyerOfOrder = {
  storeId: string
  userId: string | null
  contact: { firstName: string; lastName: string; phone: string; email: string }
  shippingAddress: PostalAddressColumns | null
  /** Where the order's address is (null or absent when unknown) and its notes for the courier. */
  shippingPoint?: { latitude: number; longitude: number } | null
  shippingNotes?: string | null
  /** The caller's transaction holds the (customer, store) lock already (checkout's confirm). */
  lockHeld?: boolean
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

function addressDto(row: CustomerAddressRow): CustomerAddress {
  const postal = toPostalAddress(row)
  return {
    _id: row.id,
    ...postal,
    formattedAddress: formatPostalAddress(postal),
    notes: row.notes,
    hasLocation: row.latitude !== null && row.longitude !== null,
  }
}

/**
 * The phone the seller typed in its one stored spelling (`canonicalPhone`, lib/phone.ts: E.164,
 * Argentine numbers with the 9, so "11 5555-0202" is +5491155550202); 400 when it is no number.
 */
export function normalizePhone(raw: string): string {
  const phone = canonicalPhone(raw)
  if (!phone) throw fieldError('INVALID', 'phone', 'Ingresá un teléfono válido (ej.: 11 5555-0202)')
  return phone
}

/** A store's customers: the list with its JSON filter, the seller's own customers, order buyers. */
export function createCustomersService({
  repository,
  locate = async () => null,
}: {
  repository: CustomersRepository
  locate?: Locator
}) {
  async function detail(storeId: string, id: string): Promise<AdminCustomerDetail> {
    const row = await repository.find(storeId, id)
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND)
    const addresses = await repository.orderAddresses(row.id, ORDER_ADDRESSES)
    const saved = await repository.addresses(row.id)
    return {
      ...toDto(row),
      orderAddresses: addresses.map(toPostalAddress),
      addresses: saved.map(addressDto),
    }
  }

  /** The locality's centre of an address, from the gazetteer (null when it knows no such place). */
  async function centreOf(a: { city: string; provinceCode: string }) {
    const province = PROVINCE_NAMES[a.provinceCode as ProvinceCode] ?? a.provinceCode
    return locate(`${a.city}, ${province}`).catch(() => null)
  }

  async function addressValues(input: CustomerAddressInputParsed): Promise<CustomerAddressValues> {
    const { notes, latitude, longitude, ...postal } = input
    const columns = fromPostalAddressInput(postal)
    const point =
      latitude !== undefined && longitude !== undefined
        ? { latitude, longitude }
        : await centreOf(columns)
    return {
      ...columns,
      notes: notes ?? null,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
    }
  }

  /**
   * The row's values from the seller's input. A phone another customer of the store already has
   * is refused (409); an edit that keeps the customer's own phone is not, even where an older
   * twin has it too (rows written in two spellings before migration 0020 now share one).
   */
  async function valuesOf(
    storeId: string,
    input: AdminCustomerInputParsed,
    current?: { id: string; phone: string },
  ): Promise<CustomerValues> {
    const phone = normalizePhone(input.phone)
    const twin =
      phone === current?.phone ? null : await repository.findByPhone(storeId, phone, current?.id)
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
      const filter = parseJsonFilter(customerFilterSchema, query.query)
      const page = { page: query.page, limit: query.limit }
      const { rows, total } = await repository.list(storeId, filter, query.sort, page)
      return buildPage(rows.map(toDto), total, page)
    },
    get: detail,
    async create(storeId: string, input: AdminCustomerInputParsed) {
      const values = await valuesOf(storeId, input)
      // The saved address is also the customer's first delivery address (decision 027).
      const first = input.address ? await addressValues({ ...input.address, notes: null }) : null
      const id = await repository.insert(storeId, values)
      if (first) await repository.insertAddress(storeId, id, first)
      return detail(storeId, id)
    },

    /** POST /admin/customers/{id}/addresses: one more delivery address for the seller's orders. */
    async addAddress(storeId: string, customerId: string, input: CustomerAddressInputParsed) {
      if (!(await repository.find(storeId, customerId))) throw new AppError('NOT_FOUND', NOT_FOUND)
      return addressDto(
        await repository.insertAddress(storeId, customerId, await addressValues(input)),
      )
    },

    /**
     * What a seller's order needs of its customer (read before its transaction): the row (404
     * under `customerId` when it is not this store's) and, when asked, one of its addresses
     * with a point (the locality's centre is looked up and kept when the address had none).
     */
    async forCounterOrder(storeId: string, customerId: string, addressId: string | null) {
      const row = await repository.find(storeId, customerId)
      if (!row)
        throw new AppError('NOT_FOUND', NOT_FOUND, {
          errors: [{ name: 'customerId', message: 'Ese cliente no es de este comercio' }],
        })
      if (!addressId) return { customer: row, address: null }
      const found = await repository.findAddress(storeId, customerId, addressId)
      if (!found)
        throw new AppError('INVALID', 'Esa dirección no es de este cliente.', {
          errors: [{ name: 'shippingAddressId', message: 'Elegí una dirección de este cliente' }],
        })
      let point =
        found.latitude !== null && found.longitude !== null
          ? { latitude: found.latitude, longitude: found.longitude }
          : null
      if (!point) {
        point = await centreOf(found)
        if (point) await repository.setAddressPoint(found.id, point)
      }
      return { customer: row, address: { ...found, point } }
    },
    async update(storeId: string, id: string, input: AdminCustomerInputParsed) {
      const row = await repository.find(storeId, id)
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND)
      const values = await valuesOf(storeId, input, row)
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
    async recordOrder(tx: Tx, buyer: BuyerOfOrder, moveOrders: MoveOrders): Promise<string | null> {
      if (!buyer.userId) return null
      const { storeId, userId } = buyer
      const phone = canonicalPhone(buyer.contact.phone)
      const email = buyer.contact.email ? buyer.contact.email.toLowerCase() : null
      // Merge (decision 027): customers the seller added by phone or e-mail become this buyer's
      // row. One buyer at a time per store, so two parallel orders cannot both claim a row.
      if (!buyer.lockHeld) await repository.lockBuyer(tx, storeId, userId)
      const twins = await repository.unclaimedTwins(tx, storeId, { phone, email })
      if (twins.length) {
        let into = await repository.findBuyer(tx, storeId, userId)
        let rest = twins
        if (!into) {
          const [first, ...others] = twins
          await repository.claim(tx, first!.id, userId)
          into = { ...first!, userId }
          rest = others
        }
        for (const twin of rest) {
          await moveOrders(tx, twin.id, into.id)
          await repository.absorb(tx, into, twin)
          into = (await repository.findBuyer(tx, storeId, userId))!
        }
      }
      const { id: customerId, atSameDoor } = await repository.upsertBuyer(
        tx,
        storeId,
        userId,
        {
          firstName: buyer.contact.firstName,
          lastName: buyer.contact.lastName,
          phone: phone ?? buyer.contact.phone,
          email,
          address: buyer.shippingAddress,
        },
        buyer.shippingAddress,
      )
      // The address this order goes to is one the seller can send the next one to (issue 30).
      if (buyer.shippingAddress)
        await repository.keepOrderAddress(
          tx,
          storeId,
          customerId,
          {
            ...buyer.shippingAddress,
            notes: buyer.shippingNotes ?? null,
            latitude: buyer.shippingPoint?.latitude ?? null,
            longitude: buyer.shippingPoint?.longitude ?? null,
          },
          atSameDoor,
        )
      return customerId
    },
  }
}
export type CustomersService = ReturnType<typeof createCustomersService>
