import type { Email } from '../../integrations/mailer.ts'
import { dayLabel } from '../../lib/buenos-aires-day.ts'
import { formatArs } from '../../lib/money.ts'
import { emailLayout } from '../notifications/email-layout.ts'
import type { InvoiceRow } from './invoicing.repository.ts'

/** The customer's copy of an authorized invoice or credit note, with its PDF attached. */
export function invoiceEmails(input: {
  doc: InvoiceRow
  label: string
  storeName: string
  orderUrl: string
  pdf: Buffer
}): Email {
  const { doc, label, storeName, orderUrl } = input
  const what =
    doc.kind === 'invoice' ? 'la factura de tu compra' : 'la nota de crédito de tu devolución'
  const lines = [
    `¡Hola ${doc.receiver.name}!`,
    `${storeName} te envía ${what}: ${label}, por ${formatArs(doc.total)}.`,
    `CAE ${doc.cae}, vence el ${doc.caeDueDate ? dayLabel(doc.caeDueDate) : ''}.`,
    'La encontrás adjunta y en tu pedido.',
  ]
  return {
    to: doc.receiver.email,
    subject: `${label} de ${storeName}`,
    text: [...lines, orderUrl].join('\n'),
    html: emailLayout(label, lines, { label: 'Ver el pedido', url: orderUrl }, null),
    attachments: [
      {
        filename: `${label.toLowerCase().replace(/\s+/g, '-')}.pdf`,
        contentType: 'application/pdf',
        contentBase64: input.pdf.toString('base64'),
      },
    ],
  }
}

/** The store's warning that its ARCA certificate expires on `day` (YYYY-MM-DD). */
export function certificateExpiryEmail(to: string, day: string, publicUrl: string): Email {
  const settingsUrl = `${publicUrl}/admin/settings/taxes`
  const lines = [
    `El certificado con el que Barrio emite tus facturas electrónicas vence el ${dayLabel(day)}.`,
    'Generá uno nuevo en ARCA y subilo en Impuestos para seguir facturando.',
  ]
  return {
    to,
    subject: `Tu certificado de ARCA vence el ${dayLabel(day)}`,
    text: [...lines, settingsUrl].join('\n'),
    html: emailLayout('Tu certificado de ARCA vence pronto', lines, {
      label: 'Subir el certificado',
      url: settingsUrl,
    }),
  }
}
