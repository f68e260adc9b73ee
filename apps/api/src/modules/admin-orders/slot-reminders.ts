import {
  schedulingSettingsSchema,
  STORE_NOTIFICATION_LABELS,
} from '@barrio/contracts/admin-settings'
import { slotLabel } from '@barrio/contracts/store-time-labels'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Email } from '../../integrations/mailer.ts'
import type { Clock } from '../../lib/clock.ts'
import { emailLayout } from '../notifications/email-layout.ts'
import type { OutboxService } from '../notifications/outbox.service.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import type { PushContent } from '../notifications/push-messages.ts'
import type { PushService } from '../notifications/push.service.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import type { SlotRemindersRepository } from './slot-reminders.repository.ts'

type Reminded = { id: string; number: number; start: Date; end: Date }

/** A saved logistics row without a preparation time reads the schema's default, as checkout does. */
const DEFAULT_PREP_MINUTES = schedulingSettingsSchema.parse({}).prepMinutes

/** "hoy 19:30–20:00", relative to the sweep's now (the schedule clock). */
const slotOf = (order: Reminded, now: Date) =>
  slotLabel({ start: order.start.toISOString(), end: order.end.toISOString() }, now)

/** The store's e-mail: which order, which slot, a link to it. */
export function slotReminderEmail(
  to: string,
  order: Reminded,
  storeName: string,
  now: Date,
  publicUrl: string,
): Email {
  const slot = slotOf(order, now)
  const title = `Pedido #${order.number} programado para ${slot}`
  const lines = [
    `${storeName}: el pedido #${order.number} está programado para ${slot}.`,
    'Es hora de empezar a prepararlo para tenerlo listo al comenzar la franja.',
  ]
  const url = `${publicUrl}/admin/orders/${order.id}`
  return {
    to,
    subject: `Recordatorio: pedido #${order.number} programado para ${slot}`,
    text: [...lines, url].join('\n\n'),
    html: emailLayout(title, lines, { label: 'Ver el pedido', url }, null),
  }
}

export function slotReminderPush(order: Reminded, now: Date): PushContent {
  return {
    title: `${STORE_NOTIFICATION_LABELS.slot_reminder}: #${order.number}`,
    body: `Programado para ${slotOf(order, now)}: es hora de prepararlo.`,
    data: { orderId: order.id, url: `/admin/orders/${order.id}` },
  }
}

/**
 * Issue 26: the store hears of a scheduled order `prepMinutes` (its delivery type's scheduling
 * setting) before the slot starts, by e-mail and push as its notification settings say, exactly
 * once: the order is stamped in the transaction that queues the messages. Judged by the schedule
 * clock (app.clock, decision 040). The server runs `send` on the payment sweep's interval.
 */
export function createSlotReminders(deps: {
  db: Db
  repository: SlotRemindersRepository
  settings: StoreSettingsService
  outbox: OutboxService
  outboxWorker: OutboxWorker
  push: PushService
  clock: Clock
  publicUrl: string
  log: FastifyBaseLogger
}) {
  return {
    /** Reminds every order due at `now`; answers how many were reminded. */
    async send(now: Date = deps.clock.now(), batch = 50): Promise<number> {
      const reminded = await deps.db.transaction(async (tx) => {
        const rows = await deps.repository.lockDue(tx, now, DEFAULT_PREP_MINUTES, batch)
        const storeIds = [...new Set(rows.map((r) => r.storeId))]
        const names = await deps.repository.storeNames(tx, storeIds)
        for (const storeId of storeIds) {
          // Each store's alert settings once per batch, not once per order.
          const alerts = await deps.settings.alerts(storeId, tx)
          const to = alerts.emailFor('slot_reminder')
          const pushTo = alerts.pushTo('slot_reminder')
          for (const row of rows.filter((r) => r.storeId === storeId)) {
            const order = {
              id: row.id,
              number: row.number,
              start: row.scheduledStart!,
              end: row.scheduledEnd!,
            }
            if (to)
              await deps.outbox.enqueueEmail(
                tx,
                slotReminderEmail(
                  to,
                  order,
                  names.get(storeId) ?? 'Tu comercio',
                  now,
                  deps.publicUrl,
                ),
              )
            await deps.push.toUsers(tx, pushTo, slotReminderPush(order, now))
          }
        }
        await deps.repository.markReminded(
          tx,
          rows.map((r) => r.id),
          now,
        )
        return rows
      })
      if (!reminded.length) return 0
      void deps.outboxWorker.drain().catch(() => {})
      for (const row of reminded)
        deps.log.info(
          { storeId: row.storeId, orderId: row.id, action: 'slot-reminder' },
          'slot reminder sent',
        )
      return reminded.length
    },
  }
}
export type SlotReminders = ReturnType<typeof createSlotReminders>
