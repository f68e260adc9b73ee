import { randomBytes } from 'node:crypto'
import type { TotpEnrolment, TotpVerifyResult } from '@barrio/contracts/operator'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { sha256 } from '../../lib/tokens.ts'
import type { AuthRepository } from './auth.repository.ts'
import { secondsUntilFree, tooMany, type PasswordLimit } from './auth.service.ts'
import type { SecondFactorRepository } from './second-factor.repository.ts'

/** Ten one-use recovery codes per enrolment, `xxxx-xxxx` from an alphabet without look-alikes. */
const RECOVERY_CODES = 10
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
/** A code from the step before or after is accepted too (the phone's clock may drift 30 s). */
const EPOCH_TOLERANCE_S = 30

function recoveryCode(): string {
  const bytes = randomBytes(8)
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}
const recoveryHash = (userId: string, code: string) =>
  sha256(`${userId}:${code.toLowerCase().replace('-', '')}`)

/** The RFC 6238 time step a valid code matched, or null (otplib answers HOTP's shape too). */
async function matchedStep(secret: string, token: string, afterTimeStep: number | null) {
  if (!/^\d{6}$/.test(token)) return null
  const result = await verify({
    secret,
    token,
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}

const wrongCode = () =>
  new AppError('INVALID', 'El código no es correcto.', {
    errors: [
      { name: 'code', message: 'El código no es correcto: probá con el que muestra la app ahora' },
    ],
  })

/**
 * The second factor (issue 24, decision 043): TOTP (RFC 6238, otplib) with recovery codes.
 * Mandatory for operators (`secondFactorOf`); wrong codes count against the account's password
 * attempts, so guessing codes is as limited as guessing the password.
 */
export function createSecondFactorService(deps: {
  db: Db
  repository: SecondFactorRepository
  auth: Pick<AuthRepository, 'beginPasswordAttempt' | 'endPasswordAttempt'>
  box: SecretBox
  passwordLimit: PasswordLimit
}) {
  const { repository, box } = deps

  return {
    /** A new secret to scan; it replaces the account's only once a code from it is verified. */
    async enrol(userId: string): Promise<TotpEnrolment> {
      const row = await repository.totpOf(userId)
      if (!row) throw new AppError('USER_NOT_FOUND')
      if (row.enabledAt)
        throw new AppError('CONFLICT', 'Tu segundo factor ya está activo en esta cuenta.')
      const secret = generateSecret()
      await repository.setPendingSecret(userId, box.seal(secret))
      const otpauthUrl = generateURI({ issuer: 'Barrio', label: row.email, secret })
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 })
      return { secret, otpauthUrl, qrSvg }
    },

    /**
     * Confirms this session with a code from the app (or a recovery code once enrolled). The
     * first code of an enrolment turns the factor on and answers the recovery codes, once.
     */
    async verify(userId: string, sessionId: string, code: string): Promise<TotpVerifyResult> {
      const row = await repository.totpOf(userId)
      if (!row) throw new AppError('USER_NOT_FOUND')
      const since = new Date(Date.now() - deps.passwordLimit.windowMs)
      const attempt = await deps.auth.beginPasswordAttempt(userId, since)
      if (attempt.count > deps.passwordLimit.max) {
        await deps.auth.endPasswordAttempt(attempt.id)
        throw tooMany(
          'Demasiados códigos incorrectos en esta cuenta.',
          secondsUntilFree(attempt.oldestAt, deps.passwordLimit.windowMs),
        )
      }

      if (!row.enabledAt) {
        if (!row.pendingSecret) {
          await deps.auth.endPasswordAttempt(attempt.id)
          throw new AppError(
            'CONFLICT',
            'Primero pedí el código QR para activar el segundo factor.',
          )
        }
        const step = await matchedStep(box.open(row.pendingSecret), code, null)
        if (step === null) throw wrongCode()
        const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode)
        await deps.db.transaction(async (tx) => {
          await repository.enable(
            tx,
            userId,
            row.pendingSecret!,
            step,
            codes.map((c) => recoveryHash(userId, c)),
          )
          await repository.confirmSession(tx, sessionId)
        })
        await deps.auth.endPasswordAttempt(attempt.id)
        return { secondFactor: 'done', recoveryCodes: codes }
      }

      const accepted = await deps.db.transaction(async (tx) => {
        if (/^\d{6}$/.test(code)) {
          const step = await matchedStep(box.open(row.secret!), code, row.lastStep)
          if (step === null || !(await repository.acceptStep(tx, userId, step))) return false
        } else if (!(await repository.useRecoveryCode(tx, userId, recoveryHash(userId, code)))) {
          return false
        }
        await repository.confirmSession(tx, sessionId)
        return true
      })
      if (!accepted) throw wrongCode()
      await deps.auth.endPasswordAttempt(attempt.id)
      return { secondFactor: 'done', recoveryCodes: null }
    },
  }
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>
