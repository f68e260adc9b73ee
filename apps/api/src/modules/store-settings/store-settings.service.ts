import {
  DEFAULT_PAYMENT_RULES,
  logisticsSettingsSchema,
  type PaymentRules,
  STORE_NOTIFICATION_EVENTS,
  type LogisticsSettings,
  type NotificationSettings,
  type PrintingSettings,
  type StoreNotificationEvent,
  type PaymentMethodSettingInput,
  type TaxSettingInput,
} from '@barrio/contracts/admin-settings'
import { PAYMENT_METHODS, type PaymentMethod } from '@barrio/contracts/enums'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import type { Db } from '../../db/client.ts'
import type { MercadoPagoClient, MpAccount } from '../../integrations/mercado-pago.ts'
import type { StoresService } from '../stores/stores.service.ts'
import type { MercadoPagoConnectionService } from '../mercado-pago/mercado-pago-connection.service.ts'
import { AppError } from '../../lib/errors.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type {
  PaymentMethodRow,
  PaymentRulesRow,
  Reader,
  StoreRow,
  StoreRulesRows,
  StoreSettingsRepository,
  TaxRow,
} from './store-settings.repository.ts'
import type { CatalogEvents } from '../../plugins/catalog-events.ts'

/** The methods Barrio can process today; the rest are listed but cannot be enabled yet. */
export const PROCESSABLE_METHODS: ReadonlySet<PaymentMethod> = new Set([
  'cash',
  'bank_transfer',
  'mercado_pago',
])
const METHOD_DESCRIPTIONS: Record<PaymentMethod, string> = {
  cash: 'El cliente paga en efectivo al retirar o al recibir el pedido.',
  bank_transfer: 'El cliente transfiere a tu CBU/CVU o alias; confirmás el pago a mano.',
  mercado_pago: 'Cobrá con Mercado Pago Checkout Pro usando tus credenciales.',
  credit_card: 'Próximamente.',
  debit_card: 'Próximamente.',
  paypal: 'Próximamente.',
  apple_pay: 'Próximamente.',
  google_pay: 'Próximamente.',
  crypto: 'Próximamente.',
}

function mercadoPagoTokenOf(methods: PaymentMethodRow[]): string | null {
  const details = methods.find((m) => m.method === 'mercado_pago')?.details as
    { accessToken?: string } | undefined
  return details?.accessToken || null
}

function toPaymentMethodDto(row: PaymentMethodRow, oauth = false) {
  const method = row.method as PaymentMethod
  let details = row.details
  if (method === 'mercado_pago') {
    // Credentials never leave the server: the seller sees whether they are set, and whether the
    // account is connected through OAuth (decision 049).
    const { accessToken, ...rest } = row.details as { accessToken?: string }
    details = { ...rest, connected: Boolean(accessToken) || oauth, oauth }
  }
  return {
    _id: row.id,
    method,
    label: PAYMENT_METHOD_LABELS[method],
    enabled: row.enabled,
    details,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The account of a Mercado Pago access token, or a 400 next to the field when it is refused. */
async function checkMercadoPagoToken(
  mercadoPago: Pick<MercadoPagoClient, 'getAccount'>,
  accessToken: string,
): Promise<MpAccount> {
  let account: MpAccount | null
  try {
    account = await mercadoPago.getAccount(accessToken)
  } catch (err) {
    throw new AppError(
      'GATEWAY_TIMEOUT',
      'No pudimos verificar el access token con Mercado Pago. Probá de nuevo en unos minutos.',
      { cause: err },
    )
  }
  if (!account) {
    throw new AppError(
      'INVALID',
      'Mercado Pago no reconoce ese access token. Copialo de nuevo desde tus credenciales de producción.',
      {
        errors: [
          { name: 'details.accessToken', message: 'Mercado Pago no reconoce este access token' },
        ],
      },
    )
  }
  return account
}

function toTaxDto(row: TaxRow) {
  return {
    _id: row.id,
    name: row.name,
    rate: row.rateBasisPoints / 100,
    appliesTo: row.appliesTo,
    collectionIds: row.collectionIds,
    included: row.included,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * Every event with a value: one a client left out, or added after the last save (the slot
 * reminder, issue 26), reads as a new store's does, e-mail on and push off.
 */
function withEveryEvent(events: NotificationSettings['events']): NotificationSettings['events'] {
  return Object.fromEntries(
    STORE_NOTIFICATION_EVENTS.map((e) => [e, events[e] ?? { email: true, push: false }]),
  )
}

/**
 * Saved rules (through the schema: rows saved before a setting existed read with its default), or
 * ones derived from the store itself until the seller saves their own.
 */
function logisticsOf(saved: LogisticsSettings | null, s: StoreRow | null): LogisticsSettings {
  if (saved) return logisticsSettingsSchema.parse(saved)
  if (!s) throw new AppError('NOT_FOUND', 'No encontramos el comercio.')
  return {
    pickup: {
      enabled: s.deliveryTypes.includes('pickup'),
      address: `${s.street} ${s.streetNumber}, ${s.city}`,
      preparationMinutes: 30,
      instructions: null,
    },
    delivery: {
      enabled: s.deliveryTypes.includes('delivery'),
      radiusKm: s.deliveryRadiusKm,
      fee: { type: 'flat', amount: 0 },
      freeFrom: null,
      minOrder: null,
      estimatedMinutes: 45,
    },
    shipping: {
      enabled: s.deliveryTypes.includes('shipping'),
      provinces: [],
      estimatedDays: 5,
    },
    ordersWhenClosed: false,
    scheduling: logisticsSettingsSchema.shape.scheduling.parse(undefined),
  }
}

function paymentRulesOf(row: PaymentRulesRow | null): PaymentRules {
  if (!row) return { ...DEFAULT_PAYMENT_RULES }
  return {
    mercadoPagoPaymentMinutes: row.mercadoPagoPaymentMinutes,
    maxUnpaidOrdersPerCustomer: row.maxUnpaidOrdersPerCustomer,
  }
}

/** The saved notification settings with every event, or a new store's (its own e-mail). */
function notificationsOf(
  saved: NotificationSettings | null,
  s: Pick<StoreRow, 'email'>,
): NotificationSettings {
  if (saved) return { ...saved, events: withEveryEvent(saved.events) }
  return { email: s.email, events: withEveryEvent({}), lowStockThreshold: 3 }
}

/** Payment methods, logistics, taxes and notification settings of one store. */
export function createStoreSettingsService(deps: {
  db: Db
  repository: StoreSettingsRepository
  stores: Pick<StoresService, 'mirrorLogistics'>
  /** Radius and delivery types decide which points the store serves. */
  catalogEvents: Pick<CatalogEvents, 'publish'>
  mercadoPago: Pick<MercadoPagoClient, 'getAccount'>
  /** The store's OAuth connection, which takes over from a pasted token (decision 049). */
  connections: Pick<MercadoPagoConnectionService, 'isConnected' | 'credentials'>
  /** Payment settings changes are audited (decision 047). */
  audit: Pick<AuditService, 'record'>
}) {
  const { repository, mercadoPago, connections } = deps
  async function store(storeId: string, q?: Reader) {
    const row = await repository.store(storeId, q)
    if (!row) throw new AppError('NOT_FOUND', 'No encontramos el comercio.')
    return row
  }
  async function checkCollections(storeId: string, ids: string[]) {
    const owned = await repository.collectionIdsOfStore(storeId, ids)
    if (owned.length !== new Set(ids).size) {
      throw new AppError('INVALID', 'Alguna colección no existe en este comercio.', {
        errors: [{ name: 'collectionIds', message: 'Alguna colección no existe en este comercio' }],
      })
    }
  }

  function rulesOf(found: StoreRulesRows | null) {
    if (!found) throw new AppError('NOT_FOUND', 'No encontramos el comercio.')
    const paymentMethods = found.paymentMethods.filter(
      (m) => m.enabled && PROCESSABLE_METHODS.has(m.method as PaymentMethod),
    )
    return {
      store: found.store,
      logistics: logisticsOf(found.logistics, found.store),
      taxes: found.taxes,
      paymentMethods,
      paymentRules: paymentRulesOf(found.paymentRules),
      /** The store's Mercado Pago access token, when Mercado Pago is enabled; else null. */
      mercadoPagoToken: mercadoPagoTokenOf(paymentMethods),
      /** Who hears of the store's events (as `notifications` answers), for `alerts`. */
      notifications: notificationsOf(found.notifications, found.store),
    }
  }

  return {
    /**
     * Everything checkout needs from the store's settings, including Mercado Pago credentials,
     * which never leave the server.
     */
    async checkoutRules(storeId: string, q?: Reader) {
      // One statement (decision 059): a request reads the store's rules once.
      return rulesOf(await repository.checkoutSettings(storeId, q))
    },

    /**
     * `checkoutRules` of the rows read by another module's statement (`storeRulesJson`, which the
     * checkout's one read per call runs: decision 068). Null rows: no such store, a 404.
     */
    rulesOf,

    /**
     * The credentials of the store's next Mercado Pago call, when Mercado Pago is enabled: the
     * OAuth connection's token (refreshed when due) with `marketplace: true`, since the platform's
     * application may then take its commission as `marketplace_fee`; else the pasted token, with
     * which it cannot (decision 049). Null when Mercado Pago is off or has no credentials. Never
     * inside a transaction: a refresh may call Mercado Pago.
     */
    async mercadoPagoCredentials(
      storeId: string,
    ): Promise<{ accessToken: string; marketplace: boolean } | null> {
      const row = await repository.findPaymentMethod(storeId, 'mercado_pago')
      if (!row?.enabled) return null
      const oauth = await connections.credentials(storeId)
      if (oauth) return { accessToken: oauth.accessToken, marketplace: true }
      const pasted = mercadoPagoTokenOf([row])
      return pasted ? { accessToken: pasted, marketplace: false } : null
    },

    /**
     * The one lookup of a store's Mercado Pago access token (null when not enabled or not set).
     * Given the order a call is about (its webhook, its refund), the token of the account its
     * payment lives in: a preference that carried `marketplace_fee` was made with the OAuth
     * connection; any other (every order from before the store connected) with the pasted token,
     * which is kept for them while it is set (decision 049).
     */
    async mercadoPagoToken(
      storeId: string,
      order?: { paymentDetails: unknown },
    ): Promise<string | null> {
      const fee = (order?.paymentDetails as { marketplaceFee?: unknown } | null)?.marketplaceFee
      if (!order || typeof fee === 'number')
        return (await this.mercadoPagoCredentials(storeId))?.accessToken ?? null
      const row = await repository.findPaymentMethod(storeId, 'mercado_pago')
      if (!row?.enabled) return null
      return (
        mercadoPagoTokenOf([row]) ?? (await connections.credentials(storeId))?.accessToken ?? null
      )
    },

    /** Whether the store still has a pasted access token (the settings page says so). */
    async hasPastedMercadoPagoToken(storeId: string): Promise<boolean> {
      const row = await repository.findPaymentMethod(storeId, 'mercado_pago')
      return row ? mercadoPagoTokenOf([row]) !== null : false
    },

    /**
     * A store connected its account through OAuth: Mercado Pago is turned on with it. A pasted
     * token stays in the row, unused while the connection lasts (decision 049).
     */
    async afterMercadoPagoConnected(storeId: string, input: { mpUserId: string }) {
      const previous = (await repository.findPaymentMethod(storeId, 'mercado_pago'))?.details ?? {}
      await repository.upsertPaymentMethod(storeId, 'mercado_pago', true, {
        ...(previous as Record<string, unknown>),
        oauthAccount: { id: input.mpUserId },
      })
    },

    /** The connection is gone: without a pasted token, Mercado Pago is turned off. */
    async afterMercadoPagoDisconnected(storeId: string) {
      const row = await repository.findPaymentMethod(storeId, 'mercado_pago')
      if (!row) return
      const { oauthAccount: _gone, ...details } = row.details as Record<string, unknown>
      await repository.upsertPaymentMethod(
        storeId,
        'mercado_pago',
        row.enabled && mercadoPagoTokenOf([row]) !== null,
        details,
      )
    },

    /** The store's payment time for Mercado Pago and its cap of unpaid orders per customer. */
    async paymentRules(storeId: string, q?: Reader): Promise<PaymentRules> {
      return paymentRulesOf(await repository.paymentRules(storeId, q))
    },
    async savePaymentRules(storeId: string, input: PaymentRules): Promise<PaymentRules> {
      await store(storeId)
      await repository.savePaymentRules(storeId, input)
      return this.paymentRules(storeId)
    },

    appPaymentMethods() {
      return PAYMENT_METHODS.map((method) => ({
        method,
        label: PAYMENT_METHOD_LABELS[method],
        isAvailable: PROCESSABLE_METHODS.has(method),
        description: METHOD_DESCRIPTIONS[method],
      }))
    },

    async paymentMethods(storeId: string) {
      const oauth = await connections.isConnected(storeId)
      return (await repository.paymentMethods(storeId)).map((row) => toPaymentMethodDto(row, oauth))
    },
    /** Saves one method; audited in its transaction, credentials masked (decision 047). */
    async savePaymentMethod(
      storeId: string,
      input: PaymentMethodSettingInput,
      actorId: string | null = null,
    ) {
      if (!PROCESSABLE_METHODS.has(input.method)) {
        throw new AppError(
          'INVALID',
          `Barrio todavía no procesa pagos con ${PAYMENT_METHOD_LABELS[input.method]}.`,
          {
            errors: [{ name: 'method', message: 'Este medio todavía no está disponible' }],
          },
        )
      }
      let details = input.details as Record<string, unknown>
      if (input.method === 'mercado_pago') {
        const previous = (await repository.findPaymentMethod(storeId, 'mercado_pago'))?.details as
          { accessToken?: string } | undefined
        const accessToken =
          (input.details as { accessToken?: string }).accessToken ?? previous?.accessToken
        if (input.enabled && !accessToken && !(await connections.isConnected(storeId))) {
          throw new AppError('INVALID', 'Para cobrar con Mercado Pago pegá tu access token.', {
            errors: [
              { name: 'details.accessToken', message: 'Pegá el access token de Mercado Pago' },
            ],
          })
        }
        const given = (input.details as { accessToken?: string }).accessToken
        // A new token is saved only once Mercado Pago says whose it is; the account is kept.
        const account = given
          ? await checkMercadoPagoToken(mercadoPago, given)
          : (previous as { account?: unknown } | undefined)?.account
        details = {
          ...details,
          ...(accessToken ? { accessToken } : {}),
          ...(account ? { account } : {}),
          ...((previous as { oauthAccount?: unknown } | undefined)?.oauthAccount
            ? { oauthAccount: (previous as { oauthAccount?: unknown }).oauthAccount }
            : {}),
        }
      }
      const before = await repository.findPaymentMethod(storeId, input.method)
      const saved = await deps.db.transaction(async (tx) => {
        const row = await repository.upsertPaymentMethod(
          storeId,
          input.method,
          input.enabled,
          details,
          tx,
        )
        await deps.audit.record(tx, {
          actorId,
          storeId,
          action: 'payments.settings_updated',
          target: { type: 'payment_method', id: row.id },
          before: before && {
            method: before.method,
            enabled: before.enabled,
            details: before.details,
          },
          after: { method: row.method, enabled: row.enabled, details: row.details },
        })
        return row
      })
      return toPaymentMethodDto(
        saved,
        input.method === 'mercado_pago' && (await connections.isConnected(storeId)),
      )
    },
    async deletePaymentMethod(storeId: string, id: string, actorId: string | null = null) {
      await deps.db.transaction(async (tx) => {
        const removed = await repository.deletePaymentMethod(storeId, id, tx)
        if (!removed)
          throw new AppError('NOT_FOUND', 'No encontramos ese medio de pago en este comercio.')
        await deps.audit.record(tx, {
          actorId,
          storeId,
          action: 'payments.method_removed',
          target: { type: 'payment_method', id },
          before: { method: removed.method, enabled: removed.enabled, details: removed.details },
          after: null,
        })
      })
    },

    /** Whether the seller has saved delivery and pickup settings (first-day checklist). */
    async hasSavedLogistics(storeId: string): Promise<boolean> {
      return (await repository.logistics(storeId)) !== null
    },
    /** Saved rules, or ones derived from the store itself until the seller saves their own. */
    async logistics(storeId: string, q?: Reader): Promise<LogisticsSettings> {
      const saved = await repository.logistics(storeId, q)
      if (saved) return logisticsOf(saved.settings, null)
      return logisticsOf(null, await store(storeId, q))
    },
    async saveLogistics(storeId: string, settings: LogisticsSettings) {
      const types = [
        ...(settings.pickup.enabled ? ['pickup'] : []),
        ...(settings.delivery.enabled ? ['delivery'] : []),
        ...(settings.shipping.enabled ? ['shipping'] : []),
      ]
      if (types.length === 0) {
        throw new AppError('INVALID', 'Activá al menos una forma de entrega.', {
          errors: [{ name: 'pickup.enabled', message: 'Activá al menos una forma de entrega' }],
        })
      }
      if (settings.shipping.enabled && settings.shipping.provinces.length === 0) {
        throw new AppError('INVALID', 'Elegí a qué provincias enviás.', {
          errors: [{ name: 'shipping.provinces', message: 'Elegí al menos una provincia' }],
        })
      }
      if (settings.delivery.fee.type === 'bands') {
        const bands = settings.delivery.fee.bands.map((b) => b.upToKm)
        if (bands.some((km, i) => i > 0 && km <= bands[i - 1]!)) {
          throw new AppError('INVALID', 'Los tramos deben ir de menor a mayor distancia.', {
            errors: [{ name: 'delivery.fee.bands', message: 'Ordená los tramos de menor a mayor' }],
          })
        }
      }
      // The rules and what discovery reads from them (on the store), atomically.
      await deps.db.transaction(async (tx) => {
        await repository.saveLogistics(tx, storeId, settings)
        await deps.stores.mirrorLogistics(tx, storeId, {
          deliveryRadiusKm: settings.delivery.radiusKm,
          deliveryTypes: types,
        })
      })
      deps.catalogEvents.publish({ kind: 'store', storeId, geometry: true })
      return settings
    },

    async taxes(storeId: string) {
      return (await repository.taxes(storeId)).map(toTaxDto)
    },
    async createTax(storeId: string, input: TaxSettingInput) {
      await checkCollections(storeId, input.collectionIds)
      return toTaxDto(
        await repository.insertTax({
          storeId,
          name: input.name,
          rateBasisPoints: Math.round(input.rate * 100),
          appliesTo: input.appliesTo,
          collectionIds: input.appliesTo === 'all' ? [] : input.collectionIds,
          included: input.included,
        }),
      )
    },
    async updateTax(storeId: string, id: string, input: TaxSettingInput) {
      await checkCollections(storeId, input.collectionIds)
      const row = await repository.updateTax(storeId, id, {
        name: input.name,
        rateBasisPoints: Math.round(input.rate * 100),
        appliesTo: input.appliesTo,
        collectionIds: input.appliesTo === 'all' ? [] : input.collectionIds,
        included: input.included,
        updatedAt: new Date(),
      })
      if (!row) throw new AppError('NOT_FOUND', 'No encontramos ese impuesto en este comercio.')
      return toTaxDto(row)
    },
    async deleteTax(storeId: string, id: string) {
      if (!(await repository.deleteTax(storeId, id)))
        throw new AppError('NOT_FOUND', 'No encontramos ese impuesto en este comercio.')
    },

    async notifications(storeId: string, q?: Reader): Promise<NotificationSettings> {
      const saved = await repository.notifications(storeId, q)
      if (saved) return notificationsOf(saved.settings, { email: null })
      return notificationsOf(null, await store(storeId, q))
    },
    /**
     * Who hears of each store event: by e-mail, the notification address (or the store's own) when
     * the seller left that event's e-mail on, else nobody; by push, the devices of the owner and
     * the collaborators when its push switch is on. And the low-stock threshold.
     */
    async alerts(
      storeId: string,
      q?: Reader,
      /** The settings and store row when the caller read them already (checkoutRules). */
      known?: { settings: NotificationSettings; store: Pick<StoreRow, 'email' | 'ownerId'> },
    ) {
      const settings = known?.settings ?? (await this.notifications(storeId, q))
      const row = known?.store ?? (await store(storeId, q))
      const to = settings.email ?? row.email
      const anyPush = STORE_NOTIFICATION_EVENTS.some((e) => settings.events[e]?.push)
      const team = anyPush ? [row.ownerId, ...(await repository.collaboratorIds(storeId, q))] : []
      return {
        emailFor: (event: StoreNotificationEvent): string | null =>
          to && (settings.events[event]?.email ?? true) ? to : null,
        /** User ids whose devices get this event's push (none when its switch is off). */
        pushTo: (event: StoreNotificationEvent): string[] =>
          settings.events[event]?.push ? team : [],
        lowStockThreshold: settings.lowStockThreshold,
      }
    },
    async saveNotifications(storeId: string, settings: NotificationSettings) {
      await repository.saveNotifications(storeId, settings)
      return { ...settings, events: withEveryEvent(settings.events) }
    },

    /** Whether new orders print their comanda by themselves on the dashboard (decision 052). */
    async printing(storeId: string): Promise<PrintingSettings> {
      return { autoPrintNewOrders: (await store(storeId)).autoPrintOrders }
    },
    async savePrinting(storeId: string, settings: PrintingSettings): Promise<PrintingSettings> {
      await repository.savePrinting(storeId, settings.autoPrintNewOrders)
      return this.printing(storeId)
    },
  }
}
export type StoreSettingsService = ReturnType<typeof createStoreSettingsService>
