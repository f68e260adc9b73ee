import { z } from 'zod'
import { isValidCuit } from './auth.ts'

/**
 * Electronic invoices through ARCA (issue 27, part 3; decision 054): the store's fiscal data, the
 * invoice a paid order gets and the credit note a refund gets.
 */
export const FISCAL_VAT_CONDITIONS = ['responsable_inscripto', 'monotributo', 'exento'] as const
export type FiscalVatCondition = (typeof FISCAL_VAT_CONDITIONS)[number]
export const FISCAL_VAT_CONDITION_LABELS: Record<FiscalVatCondition, string> = {
  responsable_inscripto: 'IVA Responsable Inscripto',
  monotributo: 'Responsable Monotributo',
  exento: 'IVA Sujeto Exento',
}
/** The receiver's condition as ARCA numbers it (CondicionIVAReceptorId). */
export const RECEIVER_VAT_CONDITION_IDS = {
  responsable_inscripto: 1,
  exento: 4,
  consumidor_final: 5,
  monotributo: 6,
} as const

export const INVOICING_MODES = ['manual', 'automatic'] as const
export type InvoicingMode = (typeof INVOICING_MODES)[number]
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]
export const INVOICE_STATUSES = ['pending', 'authorized'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** ARCA's voucher types (CbteTipo) by letter. */
export const VOUCHER_TYPES = {
  invoice: { A: 1, B: 6, C: 11 },
  credit_note: { A: 3, B: 8, C: 13 },
} as const
export type InvoiceLetter = 'A' | 'B' | 'C'

export function letterOfVoucherType(type: number): InvoiceLetter {
  if (type === 1 || type === 3) return 'A'
  if (type === 6 || type === 8) return 'B'
  return 'C'
}

/**
 * Which letter a store issues to a receiver: a responsable inscripto issues A to another
 * responsable inscripto or a monotributista who gave a CUIT, B to everyone else; monotributistas
 * and exentos issue C.
 */
export function invoiceLetter(
  issuer: FiscalVatCondition,
  receiver: 'responsable_inscripto' | 'monotributo' | 'exento' | 'consumidor_final',
): InvoiceLetter {
  if (issuer !== 'responsable_inscripto') return 'C'
  return receiver === 'responsable_inscripto' || receiver === 'monotributo' ? 'A' : 'B'
}

/** 11 digits, no dashes (the web strips them), with its check digit; no transform, so it also
 * describes answers (an order's contact carries it). */
export const cuitSchema = z
  .string({ error: 'Ingresá el CUIT' })
  .trim()
  .regex(/^\d{11}$/, 'Ingresá los 11 dígitos del CUIT, sin guiones')
  .refine(isValidCuit, 'El CUIT no es válido (revisá el dígito verificador)')

const isoDate = z.iso.date({ error: 'Ingresá una fecha válida' })

/** PUT /admin/store_settings_fiscal */
export const fiscalSettingsInputSchema = z.object({
  legalName: z
    .string({ error: 'Ingresá la razón social' })
    .trim()
    .min(2, 'Ingresá la razón social')
    .max(120),
  cuit: cuitSchema,
  vatCondition: z.enum(FISCAL_VAT_CONDITIONS, { error: 'Elegí la condición frente al IVA' }),
  fiscalAddress: z
    .string({ error: 'Ingresá el domicilio fiscal' })
    .trim()
    .min(5, 'Ingresá el domicilio fiscal')
    .max(200),
  grossIncomeNumber: z
    .string({ error: 'Ingresá el número de Ingresos Brutos' })
    .trim()
    .min(1, 'Ingresá el número de Ingresos Brutos')
    .max(30),
  activityStartDate: isoDate,
  pointOfSale: z.coerce
    .number({ error: 'Ingresá el punto de venta' })
    .int('El punto de venta es un número entero')
    .min(1, 'El punto de venta va de 1 a 99999')
    .max(99_999, 'El punto de venta va de 1 a 99999'),
  invoicingMode: z.enum(INVOICING_MODES).default('manual'),
})
export type FiscalSettingsInput = z.infer<typeof fiscalSettingsInputSchema>

export const CERTIFICATE_STATUSES = [
  'none',
  'awaiting_certificate',
  'active',
  'expiring',
  'expired',
] as const
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]
/** Days ahead of a certificate's expiry the store is warned. */
export const CERTIFICATE_WARNING_DAYS = 30

export const fiscalSettingsSchema = fiscalSettingsInputSchema.extend({
  cuit: z.string(),
  certificate: z.object({
    status: z.enum(CERTIFICATE_STATUSES),
    notAfter: z.string().nullable(),
    hasCsr: z.boolean(),
  }),
})
export type FiscalSettings = z.infer<typeof fiscalSettingsSchema>

/** GET answers null fields until the store saves its fiscal data. */
export const fiscalSettingsResponseSchema = z.object({ settings: fiscalSettingsSchema.nullable() })

/** POST /admin/store_settings_fiscal/csr */
export const csrInputSchema = z.object({
  alias: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9-]{3,40}$/, 'El alias tiene de 3 a 40 letras, números o guiones')
    .default('barrio'),
})
export const csrResponseSchema = z.object({ csrPem: z.string() })

/** POST /admin/store_settings_fiscal/certificate */
export const certificateInputSchema = z.object({
  certificatePem: z
    .string({ error: 'Subí el certificado que te dio ARCA' })
    .trim()
    .min(1, 'Subí el certificado que te dio ARCA')
    .max(20_000, 'El archivo es demasiado grande para ser un certificado'),
})

/** What a customer asks for at checkout to get a Factura A (or an invoice in their name). */
export const billingSchema = z.object({
  cuit: cuitSchema,
  vatCondition: z.enum(['responsable_inscripto', 'monotributo', 'exento'], {
    error: 'Elegí tu condición frente al IVA',
  }),
  legalName: z
    .string({ error: 'Ingresá la razón social' })
    .trim()
    .min(2, 'Ingresá la razón social')
    .max(120),
})
export type Billing = z.infer<typeof billingSchema>

export const invoiceSchema = z.object({
  _id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** "Factura B 00003-00000012", or "Factura B (pendiente)". */
  label: z.string(),
  letter: z.enum(['A', 'B', 'C']),
  voucherType: z.number(),
  pointOfSale: z.number(),
  number: z.number().nullable(),
  status: z.enum(INVOICE_STATUSES),
  total: z.number(),
  cae: z.string().nullable(),
  caeDueDate: z.string().nullable(),
  issuedOn: z.string().nullable(),
  /** ARCA's last refusal, in Spanish for the seller ("Factura pendiente: …"). */
  error: z.string().nullable(),
  createdAt: z.string(),
  pdfUrl: z.string().nullable(),
})
export type Invoice = z.infer<typeof invoiceSchema>
export const invoiceListSchema = z.object({ docs: z.array(invoiceSchema) })
