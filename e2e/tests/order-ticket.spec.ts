import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Page } from '@playwright/test'

import { expect, test } from './fixtures.ts'
import { sellerAtTostadero } from './support.ts'

/**
 * Tickets on paper (issue 28, decision 052): a demo order's comanda and remito as Chromium prints
 * them, read back from the PDF with poppler's pdftotext and pdfinfo (Debian's poppler-utils).
 */

type Order = {
  _id: string
  number: number
  store: { name: string }
  contact: { firstName: string; lastName: string }
  scheduledFor: { start: string; end: string } | null
  items: Array<{ title: string; quantity: number; unitPrice: number }>
  total: number
  paymentMethodLabel: string
  paymentStatusLabel: string
}

let dir: string | null = null

/** The PDF's text on one line (words as pdftotext reads them) and its first page's size in pt. */
function readPdf(pdf: Buffer, name: string): { text: string; width: number; height: number } {
  dir ??= mkdtempSync(path.join(os.tmpdir(), 'barrio-ticket-'))
  const file = path.join(dir, `${name}.pdf`)
  writeFileSync(file, pdf)
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)
  return {
    text: text.replace(/\u00a0/g, ' ').replace(/\s+/g, ' '),
    width: Number(size?.[1]),
    height: Number(size?.[2]),
  }
}

/** "$ 12.345" or "$ 12.345,50", as the ticket writes centavos. */
function pesos(centavos: number): string {
  const cents = centavos % 100
  const whole = String(Math.trunc(centavos / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `$ ${whole}${cents ? `,${String(cents).padStart(2, '0')}` : ''}`
}

async function openTicket(seller: Page, order: Order, format: '80mm' | 'a4') {
  await seller.goto(`/admin/orders/${order._id}/print?format=${format}&autoprint=0`)
  const ticket = seller.getByTestId('order-ticket')
  await expect(ticket).toBeVisible()
  await expect(ticket.getByRole('heading', { level: 1 })).toHaveText(`Pedido #${order.number}`)
  await expect(
    ticket.getByRole('img', { name: `Código QR del pedido #${order.number}` }),
  ).toBeVisible()
}

test('a demo order prints as a comanda on an 80 mm roll and as a remito on A4', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const seller = await sellerAtTostadero(browser, '/admin/orders')
  await expect(seller.getByRole('link', { name: /^Pedido #\d+/ }).first()).toBeVisible()

  // The store's latest order, as the API has it.
  const stores = (await (await seller.request.get('/api/v1/admin/stores')).json()) as {
    docs: Array<{ _id: string; name: string }>
  }
  const headers = { 'x-store-id': stores.docs.find((s) => s.name === 'Tostadero Soho')!._id }
  const list = (await (await seller.request.get('/api/v1/admin/orders', { headers })).json()) as {
    docs: Array<{ _id: string }>
  }
  const orderId = list.docs[0]!._id
  const order = (await (
    await seller.request.get(`/api/v1/admin/orders/${orderId}`, { headers })
  ).json()) as Order

  // From the order detail, the buttons open the print route in a new tab.
  await seller.goto(`/admin/orders/${orderId}`)
  await expect(
    seller.getByRole('heading', { level: 1, name: `Pedido #${order.number}` }),
  ).toBeVisible()
  await expect(seller.getByRole('link', { name: 'Imprimir comanda' })).toHaveAttribute(
    'href',
    `/admin/orders/${orderId}/print?format=80mm`,
  )
  await expect(seller.getByRole('link', { name: 'Imprimir remito' })).toHaveAttribute(
    'target',
    '_blank',
  )

  // Paragraphs read as one line at both sizes; table cells are checked one by one on A4, where
  // pdftotext may read the wide table's columns apart.
  const expected = [
    order.store.name,
    `Pedido #${order.number}`,
    order.scheduledFor ? 'Programado para' : 'Lo antes posible',
    `Cliente: ${order.contact.firstName}`,
    `Pago: ${order.paymentMethodLabel} · ${order.paymentStatusLabel}`,
    'Escaneá para abrir el pedido',
  ]

  await openTicket(seller, order, '80mm')
  const comanda = readPdf(await seller.pdf({ width: '80mm' }), 'comanda')
  await test.info().attach('comanda.txt', { body: comanda.text, contentType: 'text/plain' })
  // 80 mm = 226.8 pt wide.
  expect(Math.abs(comanda.width - 226.8)).toBeLessThan(1.5)
  // The kind is set in capitals by the ticket's style.
  expect(comanda.text).toContain('COMANDA')
  for (const text of expected) expect(comanda.text).toContain(text)
  expect(comanda.text).toContain(`Total ${pesos(order.total)}`)
  for (const item of order.items) {
    expect(comanda.text).toContain(`${item.quantity} ×`)
    // A long title wraps on the roll: its first word is on the paper.
    expect(comanda.text).toContain(item.title.split(' ')[0]!)
  }
  // Nothing of the back office's frame or the page's tools on the paper.
  expect(comanda.text).not.toContain('Imprimir')
  expect(comanda.text).not.toContain('Remito A4')

  await openTicket(seller, order, 'a4')
  const remito = readPdf(await seller.pdf({ format: 'A4' }), 'remito')
  await test.info().attach('remito.txt', { body: remito.text, contentType: 'text/plain' })
  // A4 = 595.3 × 841.9 pt; Chromium rounds its page box to whole CSS pixels (596 × 843).
  expect(Math.abs(remito.width - 595.3)).toBeLessThan(1.5)
  expect(Math.abs(remito.height - 841.9)).toBeLessThan(1.5)
  expect(remito.text).toContain('REMITO')
  for (const text of expected) expect(remito.text).toContain(text)
  for (const header of ['Cant.', 'Producto', 'Precio', 'Importe', 'Total'])
    expect(remito.text).toContain(header)
  expect(remito.text).toContain(pesos(order.total))
  for (const item of order.items) {
    expect(remito.text).toContain(item.title.split(' ')[0]!)
    expect(remito.text).toContain(pesos(item.unitPrice))
  }
})
