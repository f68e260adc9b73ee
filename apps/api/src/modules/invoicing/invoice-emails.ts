import type { Email } from '../../integrations/mailer.ts'
import { formatArs } from '../../lib/money.ts'
import type { InvoiceRow } from './invoicing.repository.ts'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

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
  const text = [
    `¡Hola ${doc.receiver.name}!`,
    `${storeName} te envía ${what}: ${label}, por ${formatArs(doc.total)}.`,
    `CAE ${doc.cae}, vence el ${doc.caeDueDate?.split('-').reverse().join('/')}.`,
    `La encontrás adjunta y en tu pedido: ${orderUrl}`,
  ].join('\n')
  const html = `<p>¡Hola ${escapeHtml(doc.receiver.name)}!</p><p>${escapeHtml(storeName)} te envía ${what}: <strong>${escapeHtml(label)}</strong>, por ${formatArs(doc.total)}.</p><p>CAE ${doc.cae}, vence el ${doc.caeDueDate?.split('-').reverse().join('/')}.</p><p>La encontrás adjunta y en <a href="${orderUrl}">tu pedido</a>.</p>`
  return {
    to: doc.receiver.email,
    subject: `${label} de ${storeName}`,
    text,
    html,
    attachments: [
      {
        filename: `${label.toLowerCase().replace(/\s+/g, '-')}.pdf`,
        contentType: 'application/pdf',
        contentBase64: input.pdf.toString('base64'),
      },
    ],
  }
}
