import {
  fiscalSettingsInputSchema,
  type CertificateStatus,
  type FiscalSettings,
  type FiscalSettingsInput,
  type FiscalVatCondition,
  type InvoicingMode,
} from '@barrio/contracts/invoicing'

import { toNumber, type NumberFieldValue } from '@/components/admin/numbers'
import { validateWith, withFieldErrors, type Validated } from '@/components/form/form-errors'
import { cuitDigits, cuitLengthError, formatCuitInput } from '@/lib/cuit'
import { formatDate } from '@/lib/format'

export const INVOICING_MODE_LABELS: Record<InvoicingMode, string> = {
  manual: 'Facturar a mano desde cada pedido',
  automatic: 'Facturar solo cada pedido pagado',
}

export type FiscalFormValues = {
  legalName: string
  cuit: string
  vatCondition: FiscalVatCondition | null
  fiscalAddress: string
  grossIncomeNumber: string
  /** 'YYYY-MM-DD' from the date input; '' when empty. */
  activityStartDate: string
  pointOfSale: NumberFieldValue
  invoicingMode: InvoicingMode
}

/** Saved fiscal data as form values; empty ones (manual invoicing) before the first save. */
export function fiscalToValues(settings: FiscalSettings | null | undefined): FiscalFormValues {
  return {
    legalName: settings?.legalName ?? '',
    cuit: formatCuitInput(settings?.cuit ?? ''),
    vatCondition: settings?.vatCondition ?? null,
    fiscalAddress: settings?.fiscalAddress ?? '',
    grossIncomeNumber: settings?.grossIncomeNumber ?? '',
    activityStartDate: settings?.activityStartDate ?? '',
    pointOfSale: settings?.pointOfSale ?? '',
    invoicingMode: settings?.invoicingMode ?? 'manual',
  }
}

export function validateFiscal(values: FiscalFormValues): Validated<FiscalSettingsInput> {
  const result = validateWith(fiscalSettingsInputSchema, {
    ...values,
    cuit: cuitDigits(values.cuit),
    vatCondition: values.vatCondition ?? undefined,
    activityStartDate: values.activityStartDate || undefined,
    pointOfSale: toNumber(values.pointOfSale),
  })
  return withFieldErrors(result, { cuit: cuitLengthError(values.cuit) })
}

/** The certificate's badge: its words and color (a warning 30 days ahead of expiry). */
export function certificateBadge(certificate: FiscalSettings['certificate']): {
  label: string
  color: string
} {
  const until = certificate.notAfter ? formatDate(certificate.notAfter) : null
  const byStatus: Record<CertificateStatus, { label: string; color: string }> = {
    none: { label: 'Sin certificado', color: 'gray' },
    awaiting_certificate: { label: 'Esperando el certificado de ARCA', color: 'blue' },
    active: { label: until ? `Vigente hasta ${until}` : 'Vigente', color: 'green' },
    expiring: {
      label: until ? `Vence el ${until}: renovalo` : 'Vence pronto: renovalo',
      color: 'yellow',
    },
    expired: { label: until ? `Venció el ${until}: renovalo` : 'Vencido: renovalo', color: 'red' },
  }
  return byStatus[certificate.status]
}
