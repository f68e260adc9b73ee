import { randomUUID } from 'node:crypto'
import type { RegisterInput } from '@barrio/contracts/auth'
import { isValidPhoneNumber } from 'libphonenumber-js'
import { AppError, fieldError } from '../../lib/errors.ts'
import { randomToken, sha256, sixDigitCode } from '../../lib/tokens.ts'
import type { RequestContext } from '../../plugins/request-context.ts'
import { emailTemplates } from '../notifications/email-templates.ts'
import type { OutboxRepository } from '../notifications/outbox.repository.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import type { UserRow, UsersRepository } from '../users/users.repository.ts'
import type { AuthRepository } from './auth.repository.ts'
import { hashPassword, verifyPassword } from './password.ts'
import type { Db } from '../../db/client.ts'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_ATTEMPTS = 5
export const RESET_TTL_MS = 60 * 60 * 1000
export const HANDOFF_TTL_MS = 60 * 1000
const TOUCH_EVERY_MS = 5 * 60 * 1000

export type SignInContext = Pick<RequestContext, 'deviceId' | 'deviceTrusted' | 'userAgent'> & {
  ip: string
}
/**
 * Later modules (addresses, cart) move what an anonymous device owned to the account. They run
 * only for a trusted device (x-device-token): a device id alone is not proof of owning it.
 */
export type SignInHook = (userId: string, deviceId: string) => Promise<void>

export type SessionLookup =
  { state: 'valid'; user: UserRow; sessionId: string } | { state: 'invalid' } | { state: 'none' }

const otpHash = (email: string, code: string) => sha256(`${email}:${code}`)

/**
 * Accounts and sessions: registration, password and passwordless sign-in, recovery, devices and
 * the native handoff. Knows nothing of HTTP; routes set the cookies from what it returns.
 */
export function createAuthService(deps: {
  db: Db
  users: UsersRepository
  auth: AuthRepository
  outbox: OutboxRepository
  outboxWorker: OutboxWorker
  publicUrl: string
}) {
  const { users, auth, outbox, outboxWorker, publicUrl } = deps
  const signInHooks: SignInHook[] = []

  function checkPhone(phone: string) {
    if (!isValidPhoneNumber(phone))
      throw fieldError('INVALID', 'phone', 'El número de teléfono no es válido')
  }

  async function ensureUnique(email: string | null, userName: string | null, exceptId?: string) {
    if (email) {
      const existing = await users.findByEmail(email)
      if (existing && existing.id !== exceptId) {
        throw new AppError('USER_EXISTS', 'Ya existe una cuenta con ese correo.', {
          errors: [{ name: 'email', message: 'Ya existe una cuenta con ese correo' }],
        })
      }
    }
    if (userName && (await users.isUserNameTaken(userName, exceptId))) {
      throw new AppError('USER_EXISTS', 'Ese nombre de usuario ya está en uso.', {
        errors: [{ name: 'userName', message: 'Ese nombre de usuario ya está en uso' }],
      })
    }
  }

  async function startSession(
    user: UserRow,
    ctx: SignInContext,
  ): Promise<{ token: string; user: UserRow }> {
    const token = randomToken()
    await auth.insertSession({
      tokenHash: sha256(token),
      userId: user.id,
      deviceId: ctx.deviceId,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      ip: ctx.ip,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })
    if (ctx.deviceId && ctx.deviceTrusted) {
      // The device row is written here, the first time the device is used for something.
      await auth.upsertDevice(deps.db, {
        uuid: ctx.deviceId,
        userId: user.id,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      })
      for (const hook of signInHooks) await hook(user.id, ctx.deviceId)
    }
    return { token, user }
  }

  async function sendNow(outboxId: string) {
    // Codes are time-critical: deliver now rather than on the worker's next tick.
    await outboxWorker.drain()
    return outboxId
  }

  return {
    onSignIn(hook: SignInHook) {
      signInHooks.push(hook)
    },

    async register(input: RegisterInput): Promise<UserRow> {
      checkPhone(input.phone)
      await ensureUnique(input.email, input.userName)
      const user = await deps.db.transaction(async (tx) => {
        const created = await createUser(tx, {
          email: input.email,
          userName: input.userName,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          passwordHash: await hashPassword(input.password),
          needsProfile: false,
        })
        await outbox.enqueueEmail(
          tx,
          emailTemplates.welcome(created.email, created.firstName ?? ''),
        )
        return created
      })
      void outboxWorker.drain().catch(() => {})
      return user
    },

    async login(login: string, password: string, ctx: SignInContext) {
      const user = await users.findByLogin(login)
      if (!user) {
        throw new AppError(
          'USER_NOT_FOUND',
          'No encontramos una cuenta con ese usuario o correo.',
          {
            errors: [
              { name: 'userName', message: 'No encontramos una cuenta con ese usuario o correo' },
            ],
          },
        )
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('INVALID_PASSWORD', 'La contraseña es incorrecta.', {
          errors: [{ name: 'password', message: 'La contraseña es incorrecta' }],
        })
      }
      return startSession(user, ctx)
    },

    startSession,

    async lookupSession(token: string | undefined): Promise<SessionLookup> {
      if (!token) return { state: 'none' }
      const found = await auth.findSession(sha256(token))
      if (!found) return { state: 'invalid' }
      const { session, user } = found
      if (session.revokedAt || session.expiresAt.getTime() <= Date.now())
        return { state: 'invalid' }
      if (Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
        await auth.touchSession(session.id)
      return { state: 'valid', user, sessionId: session.id }
    },

    async logout(token: string | undefined) {
      if (token) await auth.revokeSession(sha256(token))
    },

    /**
     * GET /auth/gen-device-id: a new device uuid. Nothing is written for a browser; a native app
     * that describes itself (model, system…) gets its row now. Unused rows are purged later.
     */
    async recordDevice(
      ctx: RequestContext,
      info: {
        platform?: string
        model?: string
        operatingSystem?: string
        osVersion?: string
        manufacturer?: string
        isVirtual?: boolean
        name?: string
      },
      userId: string | null,
    ) {
      const uuid = randomUUID()
      const described = [
        info.model,
        info.operatingSystem,
        info.osVersion,
        info.manufacturer,
        info.name,
      ].some(Boolean)
      if (!described) return uuid
      await auth.upsertDevice(deps.db, {
        uuid,
        userId,
        platform: info.platform ?? ctx.platform,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
        model: info.model ?? null,
        operatingSystem: info.operatingSystem ?? null,
        osVersion: info.osVersion ?? null,
        manufacturer: info.manufacturer ?? null,
        isVirtual: info.isVirtual ?? null,
        name: info.name ?? null,
      })
      return uuid
    },

    /** Deletes devices of no account and no push token not seen since `before`. */
    purgeUnusedDevices: (before: Date) => auth.deleteUnusedDevices(before),

    /** Records the device's push token and queues a test notification through the push gateway. */
    async recordPushToken(
      ctx: RequestContext,
      userId: string | null,
      input: { deviceToken: string; devicePlatform: string },
    ) {
      if (!ctx.deviceId)
        throw fieldError('MISSING_REQUIRED_FIELD', 'x-device-id', 'Falta el id del dispositivo')
      await deps.db.transaction(async (tx) => {
        await auth.upsertDevice(tx, {
          uuid: ctx.deviceId!,
          userId,
          platform: input.devicePlatform,
          userAgent: ctx.userAgent?.slice(0, 500) ?? null,
          pushToken: input.deviceToken,
          pushPlatform: input.devicePlatform,
        })
        await outbox.enqueuePush(tx, {
          token: input.deviceToken,
          platform: input.devicePlatform,
          title: 'Barrio',
          body: 'Las notificaciones funcionan en este dispositivo.',
        })
      })
      void outboxWorker.drain().catch(() => {})
    },

    async requestLoginCode(email: string) {
      const code = sixDigitCode()
      const outboxId = await deps.db.transaction(async (tx) => {
        await auth.replaceOtp(tx, email, otpHash(email, code), new Date(Date.now() + OTP_TTL_MS))
        return outbox.enqueueEmail(tx, emailTemplates.loginCode(email, code))
      })
      await sendNow(outboxId)
      const delivered = await outbox.isDelivered(outboxId)
      if (!delivered) throw new AppError('OTP_NOT_SENT')
    },

    async verifyLoginCode(email: string, code: string, ctx: SignInContext) {
      const otp = await auth.latestLiveOtp(email)
      if (!otp) throw new AppError('OTP_NOT_FOUND')
      if (otp.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_MAX_ATTEMPTS_REACHED')
      if (otp.codeHash !== otpHash(email, code)) {
        const attempts = await auth.countOtpFailure(otp.id)
        if (attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_MAX_ATTEMPTS_REACHED')
        const left = OTP_MAX_ATTEMPTS - attempts
        const message = `El código es incorrecto. Te quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`
        throw new AppError('OTP_HASH_MISMATCH', message, { errors: [{ name: 'code', message }] })
      }
      if (!(await auth.consumeOtp(otp.id, OTP_MAX_ATTEMPTS))) throw new AppError('OTP_NOT_FOUND')
      const user =
        (await users.findByEmail(email)) ??
        (await createUser(deps.db, { email, needsProfile: true, passwordHash: null }))
      return startSession(user, ctx)
    },

    /** Answers the same whether or not the account exists, so it cannot be used to probe emails. */
    async requestPasswordReset(login: string) {
      const user = await users.findByLogin(login)
      if (!user) return
      const token = randomToken()
      await deps.db.transaction(async (tx) => {
        await auth.insertOneTimeToken(tx, {
          purpose: 'password_reset',
          tokenHash: sha256(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        })
        const url = `${publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`
        await outbox.enqueueEmail(tx, emailTemplates.passwordReset(user.email, url))
      })
      void outboxWorker.drain().catch(() => {})
    },

    async verifyPasswordResetToken(token: string) {
      const row = await auth.findLiveToken('password_reset', sha256(token))
      if (!row) throw new AppError('NOT_FOUND', 'El enlace venció o ya se usó. Pedí uno nuevo.')
      const user = await users.findById(row.userId)
      if (!user) throw new AppError('USER_NOT_FOUND')
      return { email: user.email }
    },

    async resetPasswordWithToken(token: string, password: string) {
      const userId = await auth.consumeToken('password_reset', sha256(token))
      if (!userId) throw new AppError('NOT_FOUND', 'El enlace venció o ya se usó. Pedí uno nuevo.')
      await users.update(userId, { passwordHash: await hashPassword(password) })
      // A recovered account starts clean: every old session (possibly the attacker's) ends.
      await auth.revokeUserSessions(userId)
    },

    async changePassword(
      userId: string,
      sessionId: string,
      oldPassword: string,
      newPassword: string,
    ) {
      const user = await users.findById(userId)
      if (!user) throw new AppError('USER_NOT_FOUND')
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new AppError('INVALID_PASSWORD', 'La contraseña actual es incorrecta.', {
          errors: [{ name: 'oldPassword', message: 'La contraseña actual es incorrecta' }],
        })
      }
      await users.update(userId, { passwordHash: await hashPassword(newPassword) })
      await auth.revokeUserSessions(userId, sessionId)
    },

    async createHandoff(userId: string): Promise<string> {
      const token = randomToken()
      await auth.insertOneTimeToken(deps.db, {
        purpose: 'handoff',
        tokenHash: sha256(token),
        userId,
        expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
      })
      return token
    },

    async redeemHandoff(handoff: string, ctx: SignInContext) {
      const userId = await auth.consumeToken('handoff', sha256(handoff))
      if (!userId)
        throw new AppError('UNAUTHORIZED', 'El ingreso venció o ya se usó. Intentá nuevamente.')
      const user = await users.findById(userId)
      if (!user) throw new AppError('USER_NOT_FOUND')
      return startSession(user, ctx)
    },

    ensureUnique,
    checkPhone,
  }

  async function createUser(
    executor: Pick<Db, 'insert'>,
    values: Parameters<UsersRepository['insertWith']>[1],
  ): Promise<UserRow> {
    return users.insertWith(executor, { userType: 'customer', ...values })
  }
}
export type AuthService = ReturnType<typeof createAuthService>
