import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  FISCAL_VAT_CONDITION_LABELS,
  letterOfVoucherType,
  type Invoice,
  type InvoiceKind,
} from '@barrio/contracts/invoicing'
import type { Db } from '../../db/client.ts'
import {
  ArcaError,
  arcaErrorInSpanish,
  type ArcaAuth,
  type ArcaClient,
  type ArcaVoucher,
} from '../../integrations/arca/client.ts'
import { arcaQrUrl } from '../../integrations/arca/qr.ts'
import { renderInvoicePdf, type InvoiceDocument } from '../../integrations/arca/invoice-pdf.ts'
import { buenosAiresDay } from '../../lib/buenos-aires-day.ts'
import type { Clock } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { OutboxService } from '../notifications/outbox.service.ts'
import type { OrderUpdates } from '../orders/order-updates.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import { creditNoteFigures, invoiceFigures, type InvoiceFigures } from './invoice-figures.ts'
import { certificateExpiryEmail, invoiceEmails } from './invoice-emails.ts'
import type { FiscalSettingsRow, InvoiceRow, InvoicingRepository } from './invoicing.repository.ts'

const PAID = new Set(['paid', 'partially_refunded', 'refunded'])
/** Documents one pass numbers before it gives the claim back. */
const PASS = 25
/** A cached access ticket is renewed this long before ARCA says it expires. */
const TICKET_MARGIN_MS = 5 * 60_000

/** Another process is numbering this store's vouchers: the task comes back later. */
class NumberingBusy extends Error {}

export const VOUCHER_TITLES: Record<InvoiceKind, string> = {
  invoice: 'Factura',
  credit_note: 'Nota de crédito',
}

export function voucherLabel(
  row: Pick<InvoiceRow, 'kind' | 'voucherType' | 'pointOfSale' | 'number'>,
) {
  const head = `${VOUCHER_TITLES[row.kind]} ${letterOfVoucherType(row.voucherType)}`
  if (row.number === null) return `${head} (pendiente)`
  return `${head} ${String(row.pointOfSale).padStart(5, '0')}-${String(row.number).padStart(8, '0')}`
}

/**
 * Invoices and credit notes through ARCA (issue 27, part 3; decision 054). The outbox runs
 * `reconcile(orderId)` for every paid or refunded order of a store that invoices (the trigger of
 * migration 0036 queues it with the change): it writes the documents the order lacks with their
 * figures fixed, then numbers the store's pending documents one process at a time (a lease) and
 * asks ARCA for each CAE. ARCA down or refusing leaves the document pending with ARCA's reason;
 * the outbox retries with backoff, and checkout never waits on any of it.
 */
export function createInvoicingService(deps: {
  db: Db
  repository: InvoicingRepository
  arca: ArcaClient
  keys: SecretBox
  outbox: OutboxService
  orderUpdates: OrderUpdates
  settings: StoreSettingsService
  clock: Clock
  publicUrl: string
  log: FastifyBaseLogger
  /** Starts an outbox pass now (the seller is looking at the order). */
  kick: () => void
}) {
  const { repository, arca, keys, log } = deps

  async function accessTicket(settings: FiscalSettingsRow): Promise<ArcaAuth> {
    const now = deps.clock.now()
    if (
      settings.ticketSealed &&
      settings.ticketExpiresAt &&
      settings.ticketExpiresAt.getTime() - TICKET_MARGIN_MS > now.getTime()
    ) {
      const { token, sign } = JSON.parse(keys.open(settings.ticketSealed)) as {
        token: string
        sign: string
      }
      return { token, sign, cuit: settings.cuit }
    }
    if (!settings.certificatePem || !settings.privateKeySealed)
      throw new ArcaError('wsaa', 'no-certificate', 'No certificate', false)
    const ticket = await arca.login({
      certificatePem: settings.certificatePem,
      privateKeyPem: keys.open(settings.privateKeySealed),
      service: 'wsfe',
      now,
    })
    const sealed = keys.seal(JSON.stringify({ token: ticket.token, sign: ticket.sign }))
    await repository.updateSettings(settings.storeId, {
      ticketSealed: sealed,
      ticketExpiresAt: ticket.expiresAt,
    })
    // ARCA refuses a second login while a ticket lives: the rest of this pass uses this one.
    settings.ticketSealed = sealed
    settings.ticketExpiresAt = ticket.expiresAt
    return { token: ticket.token, sign: ticket.sign, cuit: settings.cuit }
  }

  function voucherOf(
    doc: InvoiceRow,
    number: number,
    date: string,
    associated: InvoiceRow | undefined,
    /** The issuer's CUIT, which an associated voucher names (both are the store's). */
    cuit: string,
  ): ArcaVoucher {
    return {
      pointOfSale: doc.pointOfSale,
      voucherType: doc.voucherType as ArcaVoucher['voucherType'],
      number,
      date,
      concept: 1,
      docType: doc.receiver.docType,
      docNumber: doc.receiver.docNumber,
      receiverVatConditionId: doc.receiver.vatConditionId,
      totalCents: doc.total,
      netTaxedCents: doc.netTaxed,
      nonTaxedCents: doc.nonTaxed,
      exemptCents: doc.exempt,
      vatCents: doc.vat,
      vatLines: doc.vatLines.map((l) => ({
        id: l.id as 3 | 4 | 5,
        baseCents: l.baseCents,
        amountCents: l.amountCents,
      })),
      ...(associated
        ? {
            associated: [
              {
                voucherType: associated.voucherType,
                pointOfSale: associated.pointOfSale,
                number: associated.number!,
                cuit,
                date: associated.issuedOn!,
              },
            ],
          }
        : {}),
    }
  }

  /** Saves ARCA's CAE on the document and queues the customer's copy, in one transaction. */
  async function recordAuthorized(
    doc: InvoiceRow,
    settings: FiscalSettingsRow,
    number: number,
    date: string,
    cae: { cae: string; caeDueDate: string },
  ): Promise<void> {
    const authorized = { ...doc, number, issuedOn: date, cae: cae.cae, caeDueDate: cae.caeDueDate }
    const storeName = await repository.storeName(doc.storeId)
    const pdf = await renderPdf(authorized, settings)
    await deps.db.transaction(async (tx) => {
      await repository.updateDocument(
        doc.id,
        {
          status: 'authorized',
          number,
          issuedOn: date,
          cae: cae.cae,
          caeDueDate: cae.caeDueDate,
          lastError: null,
          lastErrorCode: null,
          authorizedAt: new Date(),
        },
        tx,
      )
      if (doc.receiver.email)
        await deps.outbox.enqueueEmail(
          tx,
          invoiceEmails({
            doc: authorized,
            label: voucherLabel(authorized),
            storeName,
            orderUrl: `${deps.publicUrl}/orders/${doc.orderId}`,
            pdf,
          }),
        )
    })
    log.info(
      { invoiceId: doc.id, orderId: doc.orderId, voucherType: doc.voucherType, number },
      'invoice authorized by ARCA',
    )
    deps.orderUpdates.publish(doc.orderId)
  }

  /**
   * Numbers and authorizes one document; false while a credit note waits for its invoice's
   * number. ARCA's refusal is recorded on the document and thrown.
   */
  async function authorize(doc: InvoiceRow, settings: FiscalSettingsRow): Promise<boolean> {
    let associated: InvoiceRow | undefined
    if (doc.kind === 'credit_note') {
      associated = (await repository.document(doc.invoiceId!)) ?? undefined
      // The credit note waits for its invoice's number.
      if (!associated || associated.status !== 'authorized') return false
    }
    try {
      const auth = await accessTicket(settings)
      const last = await arca.lastAuthorized(auth, doc.pointOfSale, doc.voucherType)
      if (doc.reservedNumber !== null && doc.reservedNumber <= last) {
        // An earlier attempt asked for this number and its answer was lost (a crash, a cut
        // connection): if ARCA authorized this very voucher, take its CAE instead of a new number.
        const found = await arca.findAuthorized(
          auth,
          doc.pointOfSale,
          doc.voucherType,
          doc.reservedNumber,
        )
        if (found && found.totalCents === doc.total && found.docNumber === doc.receiver.docNumber) {
          await recordAuthorized(doc, settings, doc.reservedNumber, found.date, found)
          return true
        }
      }
      const number = last + 1
      await repository.updateDocument(doc.id, {
        reservedNumber: number,
        attempts: doc.attempts + 1,
      })
      const date = buenosAiresDay(deps.clock.now())
      const cae = await arca.requestCae(
        auth,
        voucherOf(doc, number, date, associated, settings.cuit),
      )
      await recordAuthorized(doc, settings, number, date, cae)
      return true
    } catch (err) {
      if (!(err instanceof ArcaError)) throw err
      await repository.updateDocument(doc.id, {
        lastErrorCode: err.code,
        lastError: arcaErrorInSpanish(err),
        attempts: doc.attempts + 1,
      })
      log.warn(
        { invoiceId: doc.id, orderId: doc.orderId, arcaCode: err.code, err: err.message },
        'ARCA did not authorize the invoice',
      )
      deps.orderUpdates.publish(doc.orderId)
      throw err
    }
  }

  /** Numbers the store's pending documents, oldest first, under the store's numbering lease. */
  async function authorizePending(storeId: string): Promise<void> {
    // Per pass, not per process: two passes of one process exclude each other as well.
    const holder = randomUUID()
    if (!(await repository.claimNumbering(storeId, holder))) throw new NumberingBusy(storeId)
    try {
      for (;;) {
        const settings = await repository.settings(storeId)
        if (!settings?.certificatePem) return
        const batch = await repository.pending(storeId, PASS)
        let progressed = false
        for (const doc of batch) {
          await repository.claimNumbering(storeId, holder)
          if (await authorize(doc, settings)) progressed = true
        }
        if (batch.length < PASS || !progressed) return
      }
    } finally {
      await repository.releaseNumbering(storeId, holder)
    }
  }

  /** Writes the order's missing documents (its invoice, a credit note per new refund). */
  async function writeMissing(orderId: string, manual: boolean): Promise<string | null> {
    return deps.db.transaction(async (tx) => {
      const order = await repository.order(orderId, tx)
      if (!order || !PAID.has(order.paymentStatus)) return null
      const settings = await repository.settings(order.storeId, tx)
      if (!settings) return null
      const docs = await repository.documentsOf(orderId, tx)
      let invoice = docs.find((d) => d.kind === 'invoice')
      const automatic =
        settings.invoicingMode === 'automatic' &&
        settings.automaticSince !== null &&
        order.createdAt >= settings.automaticSince
      if (!invoice && (manual || automatic)) {
        const figures = invoiceFigures(order, settings.vatCondition)
        await repository.insertDocument(tx, {
          ...documentValues(figures),
          storeId: order.storeId,
          orderId,
          kind: 'invoice',
          pointOfSale: settings.pointOfSale,
        })
        invoice = (await repository.documentsOf(orderId, tx)).find((d) => d.kind === 'invoice')
      }
      if (!invoice) return null
      const covered = Math.max(
        0,
        ...docs.filter((d) => d.kind === 'credit_note').map((d) => d.refundedThrough ?? 0),
      )
      const refunded = Math.min(order.refundedAmount, invoice.total)
      if (refunded > covered) {
        const figures = creditNoteFigures(
          { ...invoice, letter: letterOfVoucherType(invoice.voucherType) },
          refunded - covered,
          order.number,
        )
        await repository.insertDocument(tx, {
          ...documentValues(figures),
          storeId: order.storeId,
          orderId,
          kind: 'credit_note',
          pointOfSale: invoice.pointOfSale,
          invoiceId: invoice.id,
          refundedThrough: refunded,
        })
      }
      return order.storeId
    })
  }

  async function renderPdf(doc: InvoiceRow, settings: FiscalSettingsRow): Promise<Buffer> {
    const invoice =
      doc.kind === 'credit_note' && doc.invoiceId ? await repository.document(doc.invoiceId) : null
    const document: InvoiceDocument = {
      issuer: {
        legalName: settings.legalName,
        cuit: settings.cuit,
        vatCondition: FISCAL_VAT_CONDITION_LABELS[settings.vatCondition],
        fiscalAddress: settings.fiscalAddress,
        grossIncomeNumber: settings.grossIncomeNumber,
        activityStartDate: settings.activityStartDate,
      },
      kind: doc.kind,
      letter: letterOfVoucherType(doc.voucherType),
      voucherType: doc.voucherType,
      pointOfSale: doc.pointOfSale,
      number: doc.number!,
      date: doc.issuedOn!,
      receiver: {
        name: doc.receiver.name,
        docType: doc.receiver.docType,
        docNumber: doc.receiver.docNumber,
        vatCondition: receiverConditionLabel(doc.receiver.vatConditionId),
      },
      lines: doc.lines,
      netTaxedCents: doc.netTaxed,
      nonTaxedCents: doc.nonTaxed,
      exemptCents: doc.exempt,
      vatLines: doc.vatLines,
      vatCents: doc.vat,
      totalCents: doc.total,
      cae: doc.cae!,
      caeDueDate: doc.caeDueDate!,
      qrUrl: arcaQrUrl({
        date: doc.issuedOn!,
        cuit: settings.cuit,
        pointOfSale: doc.pointOfSale,
        voucherType: doc.voucherType,
        number: doc.number!,
        totalCents: doc.total,
        docType: doc.receiver.docType,
        docNumber: doc.receiver.docNumber,
        cae: doc.cae!,
      }),
      ...(invoice?.number
        ? {
            associated: {
              letter: letterOfVoucherType(invoice.voucherType),
              voucherType: invoice.voucherType,
              pointOfSale: invoice.pointOfSale,
              number: invoice.number,
            },
          }
        : {}),
    }
    return renderInvoicePdf(document)
  }

  function toDto(row: InvoiceRow, pdfUrl: (row: InvoiceRow) => string): Invoice {
    return {
      _id: row.id,
      kind: row.kind,
      label: voucherLabel(row),
      letter: letterOfVoucherType(row.voucherType),
      voucherType: row.voucherType,
      pointOfSale: row.pointOfSale,
      number: row.number,
      status: row.status,
      total: row.total,
      cae: row.cae,
      caeDueDate: row.caeDueDate,
      issuedOn: row.issuedOn,
      error: row.status === 'pending' ? row.lastError : null,
      createdAt: row.createdAt.toISOString(),
      pdfUrl: row.status === 'authorized' ? pdfUrl(row) : null,
    }
  }

  /** The order's documents as the seller reads them (the order already checked as the store's). */
  async function sellerDocuments(orderId: string): Promise<Invoice[]> {
    const rows = await repository.documentsOf(orderId)
    return rows.map((r) => toDto(r, (d) => `/api/v1/admin/orders/${orderId}/invoices/${d.id}/pdf`))
  }

  async function storeOrder(storeId: string, orderId: string) {
    const order = await repository.order(orderId)
    if (!order || order.storeId !== storeId)
      throw new AppError('NOT_FOUND', 'No encontramos ese pedido en este comercio.')
    return order
  }

  return {
    /** The outbox task: the order's documents written, the store's pending ones authorized. */
    async reconcile(orderId: string): Promise<void> {
      const storeId = await writeMissing(orderId, false)
      if (!storeId) return
      await authorizePending(storeId)
      const left = (await repository.documentsOf(orderId)).filter((d) => d.status === 'pending')
      // Still waiting (a credit note for an invoice ARCA has not answered): the outbox retries.
      if (left.length > 0) throw new Error(`order ${orderId}: ${left.length} document(s) pending`)
    },

    /** The seller's "Facturar" (or "Reintentar"): writes the invoice now and queues ARCA's turn. */
    async invoiceNow(storeId: string, orderId: string): Promise<Invoice[]> {
      const order = await storeOrder(storeId, orderId)
      if (!PAID.has(order.paymentStatus))
        throw new AppError('CONFLICT', 'Solo se factura un pedido pagado.')
      const settings = await repository.settings(storeId)
      if (!settings)
        throw new AppError(
          'CONFLICT',
          'Completá los datos fiscales en Configuración → Impuestos antes de facturar.',
        )
      if (!settings.certificatePem)
        throw new AppError(
          'CONFLICT',
          'Subí el certificado de ARCA en Configuración → Impuestos antes de facturar.',
        )
      await writeMissing(orderId, true)
      await deps.outbox.enqueueTask(deps.db, 'invoice', { orderId })
      deps.kick()
      return sellerDocuments(orderId)
    },

    async list(storeId: string, orderId: string): Promise<Invoice[]> {
      await storeOrder(storeId, orderId)
      return sellerDocuments(orderId)
    },

    /** The PDF of one authorized document of the store's order. */
    async sellerPdf(storeId: string, orderId: string, invoiceId: string) {
      await storeOrder(storeId, orderId)
      return pdfOf(orderId, invoiceId)
    },

    /** The customer's authorized documents of an order they own (checked by the caller). */
    async customerList(orderId: string): Promise<Invoice[]> {
      const rows = await repository.authorizedOf(orderId)
      return rows.map((r) => toDto(r, (d) => `/api/v1/orders/${orderId}/invoices/${d.id}/pdf`))
    },
    /** The customer's invoice: the order's authorized invoice as a PDF. */
    async customerInvoicePdf(orderId: string, invoiceId?: string) {
      const rows = await repository.authorizedOf(orderId)
      const row = invoiceId
        ? rows.find((r) => r.id === invoiceId)
        : rows.find((r) => r.kind === 'invoice')
      if (!row) throw new AppError('NOT_FOUND', 'Este pedido todavía no tiene factura.')
      return pdfOf(orderId, row.id)
    },

    /** Certificates that expire within `days`: the store is told once (e-mail, push). */
    async warnExpiringCertificates(days: number): Promise<number> {
      const before = new Date(deps.clock.now().getTime() + days * 86_400_000)
      const rows = await repository.certificatesToWarn(before)
      for (const row of rows) {
        await deps.db.transaction(async (tx) => {
          const alerts = await deps.settings.alerts(row.storeId, tx)
          const to = alerts.emailFor('invoicing_problem')
          if (to)
            await deps.outbox.enqueueEmail(
              tx,
              certificateExpiryEmail(to, buenosAiresDay(row.notAfter!), deps.publicUrl),
            )
          await repository.updateSettings(row.storeId, { expiryWarnedAt: new Date() }, tx)
        })
      }
      return rows.length
    },
  }

  async function pdfOf(orderId: string, invoiceId: string) {
    const doc = await repository.document(invoiceId)
    if (!doc || doc.orderId !== orderId || doc.status !== 'authorized')
      throw new AppError('NOT_FOUND', 'No encontramos esa factura.')
    const settings = await repository.settings(doc.storeId)
    if (!settings) throw new AppError('NOT_FOUND', 'No encontramos esa factura.')
    return { filename: `${fileLabel(doc)}.pdf`, pdf: await renderPdf(doc, settings) }
  }
}
export type InvoicingService = ReturnType<typeof createInvoicingService>

function fileLabel(doc: InvoiceRow) {
  return voucherLabel(doc)
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
}

function documentValues(f: InvoiceFigures) {
  return {
    voucherType: f.voucherType,
    receiver: f.receiver,
    lines: f.lines,
    netTaxed: f.netTaxed,
    nonTaxed: f.nonTaxed,
    exempt: f.exempt,
    vat: f.vat,
    vatLines: f.vatLines,
    total: f.total,
  }
}

function receiverConditionLabel(id: number): string {
  if (id === 1) return 'IVA Responsable Inscripto'
  if (id === 4) return 'IVA Sujeto Exento'
  if (id === 6) return 'Responsable Monotributo'
  return 'Consumidor Final'
}
