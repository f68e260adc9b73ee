import fp from 'fastify-plugin'
import { runPeriodically } from '../../lib/periodic.ts'
import { createAdminOrdersRepository } from './admin-orders.repository.ts'
import { createAdminOrdersService, type AdminOrdersService } from './admin-orders.service.ts'
import { createIdempotencyKeys } from './idempotency.ts'
import { createCounterOrdersRepository } from './counter-orders.repository.ts'
import { createSlotReminders, type SlotReminders } from './slot-reminders.ts'
import { createSlotRemindersRepository } from './slot-reminders.repository.ts'
import { createWithdrawalsRepository } from './withdrawals.repository.ts'
import { createWithdrawalsService, type WithdrawalsService } from './withdrawals.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    adminOrdersService: AdminOrdersService
    /** Reminders of scheduled orders' slots to their stores (issue 26). */
    slotReminders: SlotReminders
    /** The botón de arrepentimiento's requests (issue 27). */
    withdrawalsService: WithdrawalsService
  }
}

/**
 * The seller's orders, wired to the customer's orders service (DTO, live updates) and the outbox.
 * With `sweepIntervalMs` (the server, not tests) it also runs the stock-hold sweep on an interval:
 * Mercado Pago orders whose payment time ran out are cancelled and their stock released; and, on
 * the same interval, the slot reminders of scheduled orders (slot-reminders.ts).
 */
export const adminOrdersPlugin = fp<{ publicUrl: string; sweepIntervalMs?: number | null }>(
  async function adminOrdersModule(app, opts) {
    const service = createAdminOrdersService({
      db: app.db,
      catalogEvents: app.catalogEvents,
      repository: createAdminOrdersRepository(app.db),
      orders: app.ordersService,
      products: app.productsService,
      stores: app.storesService,
      settings: app.storeSettingsService,
      payments: app.paymentsService,
      outbox: app.outbox,
      outboxWorker: app.outboxWorker,
      keys: createIdempotencyKeys(createCounterOrdersRepository(app.db)),
      push: app.push,
      publicUrl: opts.publicUrl,
      log: app.log,
      audit: app.auditService,
    })
    app.decorate('adminOrdersService', service)
    const reminders = createSlotReminders({
      db: app.db,
      repository: createSlotRemindersRepository(),
      settings: app.storeSettingsService,
      outbox: app.outbox,
      outboxWorker: app.outboxWorker,
      push: app.push,
      clock: app.clock,
      publicUrl: opts.publicUrl,
      log: app.log,
    })
    app.decorate('slotReminders', reminders)
    app.decorate(
      'withdrawalsService',
      createWithdrawalsService({
        db: app.db,
        repository: createWithdrawalsRepository(app.db),
        refunds: service,
        settings: app.storeSettingsService,
        outbox: app.outbox,
        outboxWorker: app.outboxWorker,
        push: app.push,
        clock: app.clock,
        publicUrl: opts.publicUrl,
        log: app.log,
      }),
    )

    if (opts.sweepIntervalMs) {
      runPeriodically(app, 'payment expiry sweep', opts.sweepIntervalMs, () =>
        service.expireUnpaidOrders(),
      )
      runPeriodically(app, 'slot reminder sweep', opts.sweepIntervalMs, () => reminders.send())
    }
  },
  {
    name: 'admin-orders',
    dependencies: [
      'db',
      'orders',
      'products',
      'stores',
      'store-settings',
      'notifications',
      'payments',
      'audit',
    ],
  },
)
