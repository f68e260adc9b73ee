import { randomUUID } from 'node:crypto'
import type { RegisterInput } from '@barrio/contracts/auth'
import { isValidPhoneNumber } from 'libphonenumber-js'
import { AppError, fieldError } from '../../lib/errors.ts'
import { randomToken, sha256, sixDigitCode } from '../../lib/tokens.ts'
import type { DeviceInfo, RequestContext } from '../../plugins/request-context.ts'
import { emailTemplates } from '../notifications/email-templates.ts'
import type { OutboxService } from '../notifications/outbox.service.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import type { UserRow, UsersService } from '../users/users.service.ts'
import type { AuthRepository } from './auth.repository.ts'
import { hashPassword, verifyPassword } from './password.ts'
import type { Db } from '../../db/client.ts'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_ATTEMPTS = 5
export const RESET_TTL_MS = 60 * 60 * 1000
export const HANDOFF_TTL_MS = 60 * 1000
export const VERIFY_EMAIL_TTL_MS = 3 * 24 * 60 * 60 * 1000
/** Per e-mail, whatever the client address: codes issued and wrong guesses per hour. */
export const OTP_MAX_PER_HOUR = 5
export const OTP_MAX_FAILURES_PER_HOUR = 10
/** Per account, whatever the client address: recovery and verification e-mails per hour. */
export const LINKS_MAX_PER_HOUR = 5
const HOUR_MS = 60 * 60 * 1000
const TOUCH_EVERY_MS = 5 * 60 * 1000

export type SignInContext = Pick<
  RequestContext,
  'deviceId' | 'deviceTrusted' | 'userAgent' | 'deviceInfo'
> & {
  ip: string
}
/**
 * Later modules (addresses, cart) move what an anonymous device owned to the account. They run
 * only for a trusted device (x-device-token): a device id alone is not proof of owning it.
 */
export type SignInHook = (userId: string, deviceId: string) => Promise<void>

export type SessionLookup =
  | { state: 'valid'; user: UserRow; sessionId: string; secondFactorAt: Date | null }
  | { state: 'invalid' }
  | { state: 'none' }

const otpHash = (email: string, code: string) => sha256(`${email}:${code}`)

/** Seconds until the oldest event of a window leaves it (at least 1). */
export function secondsUntilFree(oldestAt: Date | null, windowMs: number): number {
  const freeAt = (oldestAt?.getTime() ?? Date.now()) + windowMs
  return Math.max(1, Math.ceil((freeAt - Date.now()) / 1000))
}

export function tooMany(message: string, retryAfterS: number) {
  const minutes = Math.ceil(retryAfterS / 60)
  return new AppError(
    'TOO_MANY_REQUESTS',
    `${message} Probá de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { headers: { 'retry-after': String(retryAfterS) } },
  )
}

/**
 * The hourly allowance of one e-mail or account, judged in the caller's transaction: takes the
 * `key` lock (so concurrent callers are counted one after another) and counts the last hour.
 * Returns null while under `max`, else the seconds until the oldest event leaves the window.
 */
async function hourlyWait(
  auth: AuthRepository,
  tx: Parameters<AuthRepository['lockKey']>[0],
  key: string,
  counted: (since: Date) => Promise<{ count: number; oldestAt: Date | null }>,
  max: number,
): Promise<number | null> {
  await auth.lockKey(tx, key)
  const window = await counted(new Date(Date.now() - HOUR_MS))
  return window.count >= max ? secondsUntilFree(window.oldestAt, HOUR_MS) : null
}

export type PasswordLimit = { max: number; windowMs: number }

/**
 * Accounts and sessions: registration, password and passwordless sign-in, recovery, devices and
 * the native handoff. Knows nothing of HTTP; routes set the cookies from what it returns.
 */
export function createAuthService(deps: {
  db: Db
  users: UsersService
  auth: AuthRepository
  outbox: OutboxService
  outboxWorker: OutboxWorker
  publicUrl: string
  /** Password attempts per account and window, whatever the client address. */
  passwordLimit: PasswordLimit
}) {
  const { users, auth, outbox, outboxWorker, publicUrl, passwordLimit } = deps
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
        // The native app describes the phone in every request's headers.
        ...ctx.deviceInfo,
      })
      for (const hook of signInHooks) await hook(user.id, ctx.deviceId)
    }
    return { token, user }
  }

  async function sendNow(outboxId: string) {
    // Codes are time-critical: deliver now rather than on the worker's next tick.
    await outboxWorker.deliverNow(outboxId)
    return outboxId
  }

  async function enqueueVerification(
    tx: Pick<Db, 'insert'>,
    user: UserRow,
    kind: 'welcome' | 'resend',
  ) {
    const token = randomToken()
    await auth.insertOneTimeToken(tx, {
      purpose: 'email_verification',
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + VERIFY_EMAIL_TTL_MS),
    })
    const url = `${publicUrl}/account/verify-email?token=${encodeURIComponent(token)}`
    await outbox.enqueueEmail(
      tx,
      kind === 'welcome'
        ? emailTemplates.welcome(user.email, user.firstName ?? '', url)
        : emailTemplates.emailVerification(user.email, url),
    )
  }

  /**
   * A verified sign-in (an e-mailed code, Google or Apple with a verified e-mail) reached this
   * account. If its e-mail was never verified, whoever registered it did not prove the address:
   * their password is cleared, every session ends and the profile is to be confirmed, so the
   * mailbox's owner gets in alone (account pre-hijacking, docs/decisions/010).
   */
  async function claimForVerifiedOwner(user: UserRow): Promise<UserRow> {
    if (user.emailVerifiedAt) return user
    const claimed = await users.update(user.id, {
      passwordHash: null,
      emailVerifiedAt: new Date(),
      needsProfile: true,
    })
    await auth.revokeUserSessions(user.id)
    await auth.clearPasswordAttempts(user.id)
    return claimed ?? user
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
        // The welcome e-mail carries the verification link: until it is used the account only
        // claims this address (docs/decisions/010-unverified-accounts.md).
        await enqueueVerification(tx, created, 'welcome')
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
      // The lock is the account's, whatever address the tries come from: a wrong password leaves
      // its attempt on record, a right one removes it, and while the account is locked even the
      // right password waits (nothing to learn from the answer).
      const since = new Date(Date.now() - passwordLimit.windowMs)
      const attempt = await auth.beginPasswordAttempt(user.id, since)
      if (attempt.count > passwordLimit.max) {
        await auth.endPasswordAttempt(attempt.id)
        throw tooMany(
          'Demasiados intentos fallidos en esta cuenta.',
          secondsUntilFree(attempt.oldestAt, passwordLimit.windowMs),
        )
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('INVALID_PASSWORD', 'La contraseña es incorrecta.', {
          errors: [{ name: 'password', message: 'La contraseña es incorrecta' }],
        })
      }
      await auth.endPasswordAttempt(attempt.id)
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
      return { state: 'valid', user, sessionId: session.id, secondFactorAt: session.secondFactorAt }
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
      info: DeviceInfo & { platform?: string },
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

    async requestLoginCode(email: string) {
      const code = sixDigitCode()
      const outboxId = await deps.db.transaction(async (tx) => {
        const wait = await hourlyWait(
          auth,
          tx,
          `otp:${email}`,
          (since) => auth.otpsIssuedSince(tx, email, since),
          OTP_MAX_PER_HOUR,
        )
        if (wait !== null) throw tooMany('Ya te enviamos varios códigos a este correo.', wait)
        await auth.replaceOtp(tx, email, otpHash(email, code), new Date(Date.now() + OTP_TTL_MS))
        return outbox.enqueueEmail(tx, emailTemplates.loginCode(email, code))
      })
      // Null only for an e-mail without a recipient, which the outbox does not queue.
      if (!outboxId) throw new AppError('OTP_NOT_SENT')
      await sendNow(outboxId)
      const delivered = await outbox.isDelivered(outboxId)
      if (!delivered) throw new AppError('OTP_NOT_SENT')
    },

    async verifyLoginCode(email: string, code: string, ctx: SignInContext) {
      // One e-mail's guesses are judged one at a time (the lock), so that neither a code's five
      // tries nor the e-mail's hourly allowance can be overrun by concurrent requests.
      const outcome = await deps.db.transaction(async (tx) => {
        const wait = await hourlyWait(
          auth,
          tx,
          `otp:${email}`,
          (since) => auth.otpFailuresSince(tx, email, since),
          OTP_MAX_FAILURES_PER_HOUR,
        )
        if (wait !== null) return { kind: 'limited' as const, retryAfterS: wait }
        const otp = await auth.latestLiveOtp(email, tx)
        if (!otp) return { kind: 'not-found' as const }
        if (otp.attempts >= OTP_MAX_ATTEMPTS) return { kind: 'dead' as const }
        if (otp.codeHash !== otpHash(email, code))
          return { kind: 'wrong' as const, attempts: await auth.countOtpFailure(otp.id, tx) }
        if (!(await auth.consumeOtp(otp.id, OTP_MAX_ATTEMPTS, tx)))
          return { kind: 'not-found' as const }
        return { kind: 'ok' as const }
      })
      if (outcome.kind === 'limited')
        throw tooMany('Demasiados códigos incorrectos para este correo.', outcome.retryAfterS)
      if (outcome.kind === 'not-found') throw new AppError('OTP_NOT_FOUND')
      if (outcome.kind === 'dead') throw new AppError('OTP_MAX_ATTEMPTS_REACHED')
      if (outcome.kind === 'wrong') {
        if (outcome.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_MAX_ATTEMPTS_REACHED')
        const left = OTP_MAX_ATTEMPTS - outcome.attempts
        const message = `El código es incorrecto. Te quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`
        throw new AppError('OTP_HASH_MISMATCH', message, { errors: [{ name: 'code', message }] })
      }
      // The code proved the mailbox: an account that only claimed this e-mail becomes its owner's.
      const existing = await users.findByEmail(email)
      const user = existing
        ? await claimForVerifiedOwner(existing)
        : await createUser(deps.db, {
            email,
            needsProfile: true,
            passwordHash: null,
            emailVerifiedAt: new Date(),
          })
      return startSession(user, ctx)
    },

    /** Answers the same whether or not the account exists, so it cannot be used to probe emails. */
    async requestPasswordReset(login: string) {
      const user = await users.findByLogin(login)
      if (!user) return
      const token = randomToken()
      const sent = await deps.db.transaction(async (tx) => {
        const wait = await hourlyWait(
          auth,
          tx,
          `reset:${user.id}`,
          (since) => auth.tokensIssuedSince(tx, 'password_reset', user.id, since),
          LINKS_MAX_PER_HOUR,
        )
        // Past the cap the answer stays the same (nothing to probe), but no more e-mails go out.
        if (wait !== null) return false
        await auth.insertOneTimeToken(tx, {
          purpose: 'password_reset',
          tokenHash: sha256(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        })
        const url = `${publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`
        await outbox.enqueueEmail(tx, emailTemplates.passwordReset(user.email, url))
        return true
      })
      if (sent) void outboxWorker.drain().catch(() => {})
    },

    async verifyPasswordResetToken(token: string) {
      const row = await auth.findLiveToken('password_reset', sha256(token))
      if (!row) throw new AppError('NOT_FOUND', 'El enlace venció o ya se usó. Pedí uno nuevo.')
      const user = await users.findById(row.userId)
      if (!user) throw new AppError('USER_NOT_FOUND')
      return { email: user.email }
    },

    async resetPasswordWithToken(token: string, password: string) {
      // Using one recovery link kills every other one of the account. In one transaction, so
      // that two links used at once cannot both go through: the second waits on the row the
      // first marked used and then finds it used.
      const userId = await deps.db.transaction(async (tx) => {
        const owner = await auth.consumeToken('password_reset', sha256(token), tx)
        if (owner) await auth.endTokensOf(tx, 'password_reset', owner)
        return owner
      })
      if (!userId) throw new AppError('NOT_FOUND', 'El enlace venció o ya se usó. Pedí uno nuevo.')
      const user = await users.findById(userId)
      await users.update(userId, {
        passwordHash: await hashPassword(password),
        // The link reached the mailbox: the e-mail is proved.
        ...(user && !user.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}),
      })
      // A recovered account starts clean: every old session (possibly the attacker's) ends.
      await auth.revokeUserSessions(userId)
      await auth.clearPasswordAttempts(userId)
    },

    /** Sends a new verification link to a signed-in user whose e-mail is not verified yet. */
    async resendVerificationEmail(userId: string) {
      const user = await users.findById(userId)
      if (!user) throw new AppError('USER_NOT_FOUND')
      if (user.emailVerifiedAt) throw new AppError('CONFLICT', 'Tu correo ya está verificado.')
      await deps.db.transaction(async (tx) => {
        const wait = await hourlyWait(
          auth,
          tx,
          `verify:${user.id}`,
          (since) => auth.tokensIssuedSince(tx, 'email_verification', user.id, since),
          LINKS_MAX_PER_HOUR,
        )
        if (wait !== null) throw tooMany('Ya te enviamos varios enlaces de verificación.', wait)
        await enqueueVerification(tx, user, 'resend')
      })
      void outboxWorker.drain().catch(() => {})
      return user.email
    },

    /** Uses a verification link: marks the e-mail of its account as verified. */
    async verifyEmail(token: string) {
      const userId = await auth.consumeToken('email_verification', sha256(token))
      if (!userId)
        throw new AppError(
          'NOT_FOUND',
          'El enlace de verificación venció o ya se usó. Pedí uno nuevo desde Mi cuenta.',
        )
      const user = await users.findById(userId)
      if (!user) throw new AppError('USER_NOT_FOUND')
      if (user.emailVerifiedAt) return user
      return (await users.update(userId, { emailVerifiedAt: new Date() })) ?? user
    },

    claimForVerifiedOwner,

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
      // A recovery link asked for before the change must not undo it.
      await auth.endTokensOf(deps.db, 'password_reset', userId)
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
    values: Parameters<UsersService['insertWith']>[1],
  ): Promise<UserRow> {
    return users.insertWith(executor, { userType: 'customer', ...values })
  }
}
export type AuthService = ReturnType<typeof createAuthService>
