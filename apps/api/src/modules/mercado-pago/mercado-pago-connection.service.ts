import { createHash, randomBytes } from 'node:crypto'
import type { MercadoPagoConnectError } from '@barrio/contracts/mercado-pago-connection'
import type { Db } from '../../db/client.ts'
import {
  MpOAuthRefused,
  type MercadoPagoClient,
  type MpOAuthTokens,
} from '../../integrations/mercado-pago.ts'
import { AppError } from '../../lib/errors.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type {
  ConnectionRow,
  MercadoPagoConnectionRepository,
} from './mercado-pago-connection.repository.ts'

/** How long a `state` handed to the seller's browser may wait for its callback. */
export const OAUTH_STATE_TTL_MS = 15 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

const hashState = (state: string) => createHash('sha256').update(state).digest('hex')

/** An AppError that also says which flag the callback's redirect carries. */
export class ConnectError extends AppError {
  constructor(
    readonly reason: MercadoPagoConnectError,
    code: 'BAD_REQUEST' | 'GATEWAY_TIMEOUT' | 'CONFLICT',
    message: string,
    cause?: unknown,
  ) {
    super(code, message, cause === undefined ? undefined : { cause })
  }
}

export type MercadoPagoOAuthConfig = {
  clientId: string | undefined
  clientSecret: string | undefined
  authUrl: string
  /** Our callback, exactly as registered in the Mercado Pago application. */
  redirectUri: string
  refreshDays: number
}

/**
 * Stores' Mercado Pago accounts connected to Barrio's application (issue 24, decision 049):
 * the authorization URL with a one-use state bound to the store and the seller, the code
 * exchange, tokens sealed at rest, their refresh before they end, and disconnection.
 */
export function createMercadoPagoConnectionService(deps: {
  db: Db
  repository: MercadoPagoConnectionRepository
  box: SecretBox
  mercadoPago: Pick<MercadoPagoClient, 'oauthToken'>
  /** Connecting and disconnecting are payment settings: audited in their transaction (047). */
  audit: Pick<AuditService, 'record'>
  config: MercadoPagoOAuthConfig
  now?: () => Date
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }
}) {
  const { repository, box, config } = deps
  const now = deps.now ?? (() => new Date())
  const available = Boolean(config.clientId && config.clientSecret)

  /** Barrio's application; without one, connecting is a 409 (a setting of this Barrio, not an outage). */
  function app() {
    if (!config.clientId || !config.clientSecret)
      throw new ConnectError(
        'unavailable',
        'CONFLICT',
        'La conexión con Mercado Pago no está configurada en este Barrio. Podés pegar tu token de acceso.',
      )
    return { clientId: config.clientId, clientSecret: config.clientSecret }
  }

  function sealed(tokens: MpOAuthTokens, at: Date) {
    return {
      accessTokenSealed: box.seal(tokens.accessToken),
      refreshTokenSealed: box.seal(tokens.refreshToken),
      expiresAt: new Date(at.getTime() + tokens.expiresIn * 1000),
      publicKey: tokens.publicKey,
    }
  }

  const refreshDue = (row: ConnectionRow, at: Date) =>
    row.expiresAt.getTime() - at.getTime() < config.refreshDays * DAY_MS

  /**
   * Refreshes the store's tokens when fewer than `refreshDays` remain. The row is locked while
   * Mercado Pago answers, so two processes never spend the same refresh token; the second one
   * finds the fresh row. A refused or failed refresh keeps the current token while it lasts.
   */
  async function refreshIfDue(storeId: string): Promise<ConnectionRow | null> {
    const row = await repository.find(storeId)
    if (!row || !refreshDue(row, now())) return row
    const { clientId, clientSecret } = app()
    try {
      return await deps.db.transaction(async (tx) => {
        const locked = await repository.lock(tx, storeId)
        if (!locked || !refreshDue(locked, now())) return locked
        const tokens = await deps.mercadoPago.oauthToken({
          clientId,
          clientSecret,
          grantType: 'refresh_token',
          refreshToken: box.open(locked.refreshTokenSealed),
        })
        const at = now()
        const values = { ...sealed(tokens, at), refreshedAt: at }
        await repository.saveRefreshed(tx, storeId, values)
        deps.log.info({ storeId }, 'mercado pago token refreshed')
        return { ...locked, ...values }
      })
    } catch (err) {
      deps.log.warn({ storeId, err }, 'mercado pago token refresh failed')
      return row
    }
  }

  return {
    available,

    /** Where the seller's browser goes to authorize Barrio; the state is kept hashed, 15 min. */
    async authorizationUrl(storeId: string, userId: string): Promise<string> {
      const { clientId } = app()
      const state = randomBytes(32).toString('base64url')
      const at = now()
      await repository.purgeExpiredStates(at)
      await repository.insertState({
        stateHash: hashState(state),
        storeId,
        userId,
        expiresAt: new Date(at.getTime() + OAUTH_STATE_TTL_MS),
      })
      const url = new URL(config.authUrl)
      url.searchParams.set('client_id', clientId)
      url.searchParams.set('response_type', 'code')
      url.searchParams.set('platform_id', 'mp')
      url.searchParams.set('state', state)
      url.searchParams.set('redirect_uri', config.redirectUri)
      return url.toString()
    },

    /**
     * The callback: the state is taken (one use) and must belong to the signed-in seller who
     * asked (the browser comes back with its session cookie; none, or another user's, is refused);
     * the code is exchanged at Mercado Pago and the tokens sealed. Answers the store.
     */
    async complete(input: {
      code: string | undefined
      state: string | undefined
      userId: string | null
    }): Promise<{ storeId: string; mpUserId: string }> {
      const { clientId, clientSecret } = app()
      const found = input.state ? await repository.takeState(hashState(input.state), now()) : null
      if (!found || found.userId !== input.userId)
        throw new ConnectError(
          'state',
          'BAD_REQUEST',
          'El enlace para conectar Mercado Pago venció o ya se usó. Probá conectar de nuevo.',
        )
      if (!input.code)
        throw new ConnectError(
          'denied',
          'BAD_REQUEST',
          'No autorizaste a Barrio en Mercado Pago: tu cuenta no quedó conectada.',
        )
      let tokens: MpOAuthTokens
      try {
        tokens = await deps.mercadoPago.oauthToken({
          clientId,
          clientSecret,
          grantType: 'authorization_code',
          code: input.code,
          redirectUri: config.redirectUri,
        })
      } catch (err) {
        if (err instanceof MpOAuthRefused)
          throw new ConnectError(
            'refused',
            'BAD_REQUEST',
            'Mercado Pago no aceptó la autorización. Probá conectar de nuevo.',
            err,
          )
        throw new ConnectError(
          'unavailable',
          'GATEWAY_TIMEOUT',
          'No pudimos comunicarnos con Mercado Pago. Probá de nuevo en unos minutos.',
          err,
        )
      }
      const at = now()
      await deps.db.transaction(async (tx) => {
        const before = await repository.find(found.storeId, tx)
        await repository.upsert(tx, {
          storeId: found.storeId,
          mpUserId: tokens.userId,
          ...sealed(tokens, at),
          connectedAt: at,
          connectedBy: found.userId,
        })
        await deps.audit.record(tx, {
          actorId: found.userId,
          storeId: found.storeId,
          action: 'payments.settings_updated',
          target: { type: 'mercado_pago_connection', id: found.storeId },
          before: before && { method: 'mercado_pago', oauth: true, mpUserId: before.mpUserId },
          after: { method: 'mercado_pago', oauth: true, mpUserId: tokens.userId },
        })
      })
      return { storeId: found.storeId, mpUserId: tokens.userId }
    },

    /** The connection as the seller sees it (no token ever leaves the server). */
    async status(storeId: string) {
      const row = await repository.find(storeId)
      return {
        available,
        connected: Boolean(row),
        mpUserId: row?.mpUserId ?? null,
        connectedAt: row?.connectedAt.toISOString() ?? null,
        expiresAt: row?.expiresAt.toISOString() ?? null,
      }
    },

    isConnected: async (storeId: string, q?: Pick<Db, 'select'>) =>
      (await repository.find(storeId, q)) !== null,

    /**
     * The store's OAuth access token for a Mercado Pago call, refreshed first when it is due;
     * null when the store is not connected or its token has ended and could not be refreshed.
     */
    async credentials(storeId: string): Promise<{ accessToken: string; mpUserId: string } | null> {
      const row = available ? await refreshIfDue(storeId) : await repository.find(storeId)
      if (!row || row.expiresAt <= now()) return null
      try {
        return { accessToken: box.open(row.accessTokenSealed), mpUserId: row.mpUserId }
      } catch (err) {
        // Sealed under another SESSION_SECRET: unusable until the store connects again.
        deps.log.warn({ storeId, err }, 'mercado pago token cannot be opened')
        return null
      }
    },

    /** Forgets the store's connection (Barrio stops charging with that account). */
    async disconnect(storeId: string, actorId: string | null): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const removed = await repository.remove(tx, storeId)
        if (!removed)
          throw new AppError(
            'NOT_FOUND',
            'Tu tienda no tiene una cuenta de Mercado Pago conectada.',
          )
        await deps.audit.record(tx, {
          actorId,
          storeId,
          action: 'payments.method_removed',
          target: { type: 'mercado_pago_connection', id: storeId },
          before: { method: 'mercado_pago', oauth: true, mpUserId: removed.mpUserId },
          after: null,
        })
      })
    },

    /** The periodic job: every connection whose token is due is refreshed. */
    async refreshDueConnections(): Promise<number> {
      if (!available) return 0
      const due = await repository.expiringBefore(
        new Date(now().getTime() + config.refreshDays * DAY_MS),
      )
      for (const storeId of due) await refreshIfDue(storeId)
      return due.length
    },
  }
}
export type MercadoPagoConnectionService = ReturnType<typeof createMercadoPagoConnectionService>
