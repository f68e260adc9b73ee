import { STORE_NOTIFICATION_LABELS } from '@barrio/contracts/admin-settings'
import { WITHDRAWAL_DAYS } from '@barrio/contracts/withdrawals'
import type { Email } from '../../integrations/mailer.ts'
import { emailLayout } from '../notifications/email-layout.ts'
import type { PushContent } from '../notifications/push-messages.ts'
import type { WithdrawableOrder, WithdrawalRow } from './withdrawals.repository.ts'

function email(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string } | null,
): Email {
  return {
    to,
    subject,
    text: [...lines, ...(action ? [action.url] : [])].join('\n\n'),
    html: emailLayout(subject, lines, action, null),
  }
}

/** The botón de arrepentimiento's messages (issue 27): the code, the store's alert, the outcome. */
export function withdrawalEmails({
  order,
  withdrawal,
  publicUrl,
}: {
  order: WithdrawableOrder
  withdrawal: WithdrawalRow
  publicUrl: string
}) {
  const n = `#${order.number}`
  const adminUrl = `${publicUrl}/admin/orders/${order.id}`
  return {
    /** To the e-mail of the purchase, at once: the revocation code the law requires. */
    customerCode: email(
      withdrawal.email,
      `Tu código de arrepentimiento: ${withdrawal.code}`,
      [
        `¡Hola, ${withdrawal.name}!`,
        `Recibimos tu pedido de revocar la compra ${n} en ${order.storeName}. Tu código de arrepentimiento es ${withdrawal.code}.`,
        `${order.storeName} lo va a revisar y te vamos a avisar por este medio cuando lo resuelva. Si lo acepta, te devuelve el dinero por el mismo medio con el que pagaste.`,
        `Guardá este correo: el código es tu constancia (Resolución 424/2020, Ley 24.240 art. 34).`,
      ],
      null,
    ),
    /** To the store, as its notification settings say. */
    store: email(
      '',
      `Arrepentimiento del pedido ${n}`,
      [
        `${withdrawal.name} usó el botón de arrepentimiento para revocar el pedido ${n} (código ${withdrawal.code}).`,
        ...(withdrawal.reason ? [`Motivo: ${withdrawal.reason}`] : []),
        `Tenés que aceptarlo y devolver el dinero si se pidió dentro de los ${WITHDRAWAL_DAYS} días corridos de la entrega.`,
      ],
      { label: 'Ver el pedido', url: adminUrl },
    ),
    storePush: {
      title: `${STORE_NOTIFICATION_LABELS.withdrawal_requested}: ${n}`,
      body: `${withdrawal.name} pidió revocar la compra. Resolvelo desde el pedido.`,
      data: { url: `/admin/orders/${order.id}` },
    } satisfies PushContent,
  }
}

/** To the customer when the store resolved the request. */
withdrawalEmails.resolved = function resolved({
  withdrawal,
  orderNumber,
}: {
  withdrawal: WithdrawalRow
  orderNumber: number
}): Email {
  const n = `#${orderNumber}`
  return withdrawal.status === 'accepted'
    ? email(
        withdrawal.email,
        `Aceptaron tu arrepentimiento del pedido ${n}`,
        [
          `¡Hola, ${withdrawal.name}!`,
          `El comercio aceptó tu pedido de arrepentimiento (código ${withdrawal.code}) y te devolvió el dinero del pedido ${n}.`,
          'Si pagaste con Mercado Pago, el dinero vuelve a tu cuenta o tarjeta; puede tardar unos días en verse.',
        ],
        null,
      )
    : email(
        withdrawal.email,
        `Tu arrepentimiento del pedido ${n} fue rechazado`,
        [
          `¡Hola, ${withdrawal.name}!`,
          `El comercio rechazó tu pedido de arrepentimiento (código ${withdrawal.code}) del pedido ${n}.`,
          `Motivo: ${withdrawal.rejectionReason ?? 'sin motivo'}`,
          'Si no estás de acuerdo, podés hacer tu reclamo en Defensa del Consumidor: https://www.argentina.gob.ar/produccion/defensadelconsumidor',
        ],
        null,
      )
}
