import {
  DASHBOARD_LATEST_ORDERS,
  type AdminDashboard,
  type DashboardSlot,
  type DashboardStores,
} from '@barrio/contracts/admin-dashboard'
import { can, type StoreRole } from '@barrio/contracts/permissions'
import { addDays, buenosAiresDay, buenosAiresDayRange } from '../../lib/buenos-aires-day.ts'
import type { ProductsService } from '../products/products.service.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import type { StoresService } from '../stores/stores.service.ts'
import type { DashboardRepository } from './dashboard.repository.ts'

/** A seller may own or help in many stores; the switcher lists at most this many. */
const MAX_STORE_LINES = 50

/**
 * The seller's home: today's figures, what waits, stock and the first-day checklist. Orders are
 * aggregated here (dashboard.repository.ts); everything else comes through the owning services.
 */
export function createDashboardService(deps: {
  repository: DashboardRepository
  stores: StoresService
  products: ProductsService
  settings: StoreSettingsService
  now?: () => Date
  /** The schedule clock (app.clock): which day "para hoy" is for scheduled orders. */
  scheduleNow?: () => Date
}) {
  const { repository } = deps
  const now = deps.now ?? (() => new Date())
  const scheduleNow = deps.scheduleNow ?? now

  /** The day's scheduled orders grouped by slot (rows come sorted by slot start, then number). */
  async function slotsOf(storeId: string, day: string): Promise<DashboardSlot[]> {
    const rows = await repository.scheduledIn(storeId, buenosAiresDayRange(day))
    const slots: DashboardSlot[] = []
    for (const r of rows) {
      if (!r.start || !r.end) continue
      const start = r.start.toISOString()
      const end = r.end.toISOString()
      let slot = slots.at(-1)
      if (!slot || slot.start !== start || slot.end !== end) {
        slot = { start, end, count: 0, orders: [] }
        slots.push(slot)
      }
      slot.count += 1
      slot.orders.push({ _id: r.id, number: r.number })
    }
    return slots
  }

  function days(day?: string) {
    const today = day ?? buenosAiresDay(now())
    const lastWeek = addDays(today, -7)
    return {
      today,
      lastWeek,
      todayRange: buenosAiresDayRange(today),
      lastWeekRange: buenosAiresDayRange(lastWeek),
    }
  }

  return {
    /**
     * The store's home for the user's role in it: sales figures only for a role that sees
     * statistics (`analytics`; staff do not, decision 029 and the invitation say so).
     */
    async summary(
      userId: string,
      storeId: string,
      role: StoreRole,
      day?: string,
    ): Promise<AdminDashboard> {
      const d = days(day)
      // Slots are judged by the schedule clock (decision 040): an asked day, else its today.
      const slotsDate = day ?? buenosAiresDay(scheduleNow())
      const seesSales = can(role, 'analytics')
      const [
        store,
        figures,
        waiting,
        latest,
        slots,
        notifications,
        photo,
        saved,
        logistics,
        methods,
      ] = await Promise.all([
        deps.stores.get(userId, storeId),
        repository.dayFigures([storeId], d.todayRange, d.lastWeekRange),
        repository.waiting([storeId]),
        repository.latestOrders(storeId, DASHBOARD_LATEST_ORDERS),
        slotsOf(storeId, slotsDate),
        deps.settings.notifications(storeId),
        deps.products.hasProductWithPhoto(storeId),
        deps.settings.hasSavedLogistics(storeId),
        deps.settings.logistics(storeId),
        deps.settings.paymentMethods(storeId),
      ])
      // The store's own low-stock alert threshold (the inventory page's "below" is a view filter).
      const threshold = notifications.lowStockThreshold
      const lowStock = await deps.products.stockSummary(storeId, threshold)
      const f = figures[0]
      const w = waiting[0]
      return {
        store: { _id: store._id, name: store.name, isOpen: store.isOpen },
        today: {
          date: d.today,
          sales: seesSales ? (f?.todaySales ?? 0) : null,
          orders: f?.todayOrders ?? 0,
        },
        lastWeek: {
          date: d.lastWeek,
          sales: seesSales ? (f?.lastWeekSales ?? 0) : null,
          orders: f?.lastWeekOrders ?? 0,
        },
        waiting: {
          toPrepare: w?.toPrepare ?? 0,
          readyForPickup: w?.readyForPickup ?? 0,
          outForDelivery: w?.outForDelivery ?? 0,
        },
        paymentsToConfirm: w?.paymentsToConfirm ?? 0,
        lowStock: { variants: lowStock.low, outOfStock: lowStock.out, threshold },
        latestOrders: latest.map((o) => ({
          _id: o.id,
          number: o.number,
          customerName: `${o.contact.firstName} ${o.contact.lastName}`.trim(),
          total: o.total,
          currency: 'ARS' as const,
          status: o.status,
          paymentStatus: o.paymentStatus,
          paymentMethod: o.paymentMethod,
          deliveryType: o.deliveryType,
          createdAt: o.createdAt.toISOString(),
        })),
        slots,
        slotsDate,
        checklist: {
          productWithPhoto: photo,
          // Saved by the seller: until then the settings are only derived from the store form.
          deliveryConfigured:
            saved &&
            (logistics.pickup.enabled || logistics.delivery.enabled || logistics.shipping.enabled),
          paymentMethodsChosen: methods.some((m) => m.enabled),
          storeOpen: store.isOpen,
        },
      }
    },

    /** One line per store the seller may act on: open, today's figures, orders waiting. */
    async stores(userId: string): Promise<DashboardStores> {
      const { docs } = await deps.stores.list(userId, { page: 1, limit: MAX_STORE_LINES })
      if (docs.length === 0) return []
      const ids = docs.map((s) => s._id)
      const d = days()
      const [figures, waiting] = await Promise.all([
        repository.dayFigures(ids, d.todayRange, d.lastWeekRange),
        repository.waiting(ids),
      ])
      return docs.map((s) => {
        const f = figures.find((x) => x.storeId === s._id)
        const w = waiting.find((x) => x.storeId === s._id)
        return {
          _id: s._id,
          name: s.name,
          isOpen: s.isOpen,
          today: {
            date: d.today,
            sales: can(s.role, 'analytics') ? (f?.todaySales ?? 0) : null,
            orders: f?.todayOrders ?? 0,
          },
          waiting: (w?.toPrepare ?? 0) + (w?.readyForPickup ?? 0) + (w?.outForDelivery ?? 0),
        }
      })
    },
  }
}
export type DashboardService = ReturnType<typeof createDashboardService>
