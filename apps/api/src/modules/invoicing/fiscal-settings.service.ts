import {
  CERTIFICATE_WARNING_DAYS,
  type CertificateStatus,
  type FiscalSettings,
  type FiscalSettingsInput,
} from '@barrio/contracts/invoicing'
import {
  ArcaCertificateError,
  generateKeyAndCsr,
  inspectCertificate,
} from '../../integrations/arca/certificate.ts'
import { dayLabel } from '../../lib/buenos-aires-day.ts'
import type { Clock } from '../../lib/clock.ts'
import { AppError, fieldError } from '../../lib/errors.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { FiscalSettingsRow, InvoicingRepository } from './invoicing.repository.ts'

const DAY_MS = 86_400_000
const ddmmyyyy = (d: Date) => dayLabel(d.toISOString().slice(0, 10))

export function certificateStatus(row: FiscalSettingsRow, now: Date): CertificateStatus {
  if (!row.certificatePem || !row.certificateNotAfter)
    return row.csrPem ? 'awaiting_certificate' : 'none'
  const left = row.certificateNotAfter.getTime() - now.getTime()
  if (left <= 0) return 'expired'
  return left <= CERTIFICATE_WARNING_DAYS * DAY_MS ? 'expiring' : 'active'
}

/**
 * The store's fiscal data and its ARCA certificate (decision 054): the key pair is made here, its
 * private half sealed (lib/secret-box.ts, from SESSION_SECRET like Mercado Pago's tokens) and never
 * sent anywhere; the seller downloads the CSR, gets the certificate from ARCA and uploads it.
 */
export function createFiscalSettingsService(deps: {
  repository: InvoicingRepository
  keys: SecretBox
  clock: Clock
}) {
  const { repository, keys } = deps

  function toDto(row: FiscalSettingsRow): FiscalSettings {
    return {
      legalName: row.legalName,
      cuit: row.cuit,
      vatCondition: row.vatCondition,
      fiscalAddress: row.fiscalAddress,
      grossIncomeNumber: row.grossIncomeNumber,
      activityStartDate: row.activityStartDate,
      pointOfSale: row.pointOfSale,
      invoicingMode: row.invoicingMode,
      certificate: {
        status: certificateStatus(row, deps.clock.now()),
        notAfter: row.certificateNotAfter?.toISOString() ?? null,
        hasCsr: row.csrPem !== null,
      },
    }
  }

  async function saved(storeId: string): Promise<FiscalSettingsRow> {
    const row = await repository.settings(storeId)
    if (!row) throw new AppError('CONFLICT', 'Guardá primero los datos fiscales del comercio.')
    return row
  }

  return {
    async get(storeId: string): Promise<FiscalSettings | null> {
      const row = await repository.settings(storeId)
      return row ? toDto(row) : null
    },

    async save(storeId: string, input: FiscalSettingsInput): Promise<FiscalSettings> {
      const before = await repository.settings(storeId)
      const cuitChanged = before !== null && before.cuit !== input.cuit
      if (input.invoicingMode === 'automatic' && !before?.certificatePem)
        throw fieldError(
          'CONFLICT',
          'invoicingMode',
          'Para facturar solo, subí primero el certificado de ARCA.',
        )
      const row = await repository.upsertSettings(storeId, {
        ...input,
        // Orders paid from now on are invoiced by themselves; earlier ones by "Facturar".
        automaticSince:
          input.invoicingMode === 'automatic'
            ? before?.invoicingMode === 'automatic'
              ? before.automaticSince
              : // The database's clock, as orders' created_at (the app's may be pinned).
                new Date()
            : null,
        // A certificate names its CUIT: another CUIT needs its own certificate.
        ...(cuitChanged
          ? {
              privateKeySealed: null,
              csrPem: null,
              csrKeySealed: null,
              certificatePem: null,
              certificateNotAfter: null,
              ticketSealed: null,
              ticketExpiresAt: null,
              invoicingMode: 'manual' as const,
              automaticSince: null,
            }
          : {}),
      })
      return toDto(row)
    },

    /** A new key pair: its CSR for ARCA; the current certificate keeps working until replaced. */
    async createCsr(storeId: string, alias: string): Promise<{ csrPem: string }> {
      const row = await saved(storeId)
      const { privateKeyPem, csrPem } = generateKeyAndCsr({
        cuit: row.cuit,
        legalName: row.legalName,
        alias,
      })
      await repository.updateSettings(storeId, { csrPem, csrKeySealed: keys.seal(privateKeyPem) })
      return { csrPem }
    },

    async csr(storeId: string): Promise<string> {
      const row = await saved(storeId)
      if (!row.csrPem) throw new AppError('NOT_FOUND', 'Todavía no generaste la solicitud (CSR).')
      return row.csrPem
    },

    async uploadCertificate(storeId: string, certificatePem: string): Promise<FiscalSettings> {
      const row = await saved(storeId)
      const refuse = (message: string) => fieldError('INVALID', 'certificatePem', message)
      const candidates = [row.csrKeySealed, row.privateKeySealed].filter(
        (k): k is string => k !== null,
      )
      if (candidates.length === 0)
        throw refuse(
          'Generá primero la solicitud (CSR) en Barrio y subí el certificado que ARCA te dé para ella.',
        )
      let info: ReturnType<typeof inspectCertificate> | null = null
      let key: string | null = null
      try {
        for (const sealed of candidates) {
          const attempt = inspectCertificate(certificatePem, keys.open(sealed))
          info = attempt
          if (attempt.matchesKey) {
            key = sealed
            break
          }
        }
      } catch (err) {
        if (err instanceof ArcaCertificateError) throw refuse(err.message)
        throw err
      }
      if (!info || !key)
        throw refuse('El certificado no corresponde a la solicitud (CSR) que generaste en Barrio.')
      if (info.subjectCuit !== row.cuit)
        throw refuse(
          `El certificado es del CUIT ${info.subjectCuit ?? 'desconocido'}, no del CUIT ${row.cuit} de tus datos fiscales.`,
        )
      if (info.notAfter.getTime() <= deps.clock.now().getTime())
        throw refuse(
          `El certificado venció el ${ddmmyyyy(info.notAfter)}. Pedile uno nuevo a ARCA.`,
        )
      await repository.updateSettings(storeId, {
        certificatePem,
        certificateNotAfter: info.notAfter,
        privateKeySealed: key,
        csrKeySealed: key === row.csrKeySealed ? null : row.csrKeySealed,
        expiryWarnedAt: null,
        ticketSealed: null,
        ticketExpiresAt: null,
      })
      return toDto((await repository.settings(storeId))!)
    },
  }
}
export type FiscalSettingsService = ReturnType<typeof createFiscalSettingsService>
