import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { orderWhatsAppLink } from '@barrio/contracts/whatsapp'
import { Button, Divider, Stack } from '@mantine/core'
import { IconBrandWhatsapp, IconFileText, IconReceipt } from '@tabler/icons-react'

import { paths } from '@/config/paths'

export const ORDER_NOTICE_LABELS = {
  whatsapp: 'Avisar por WhatsApp',
  comanda: 'Imprimir comanda',
  remito: 'Imprimir remito',
} as const

/**
 * Under the order's actions (decision 052): tell the customer on WhatsApp what is happening with
 * the order (a message for its current moment, from the contracts; when they left a phone), and
 * print it: the comanda on the thermal roll, the remito on A4, each in a tab of its own.
 */
export function OrderNoticeActions({ order }: { order: AdminOrder }) {
  const whatsApp = orderWhatsAppLink(order)
  return (
    <>
      <Divider my="sm" />
      <Stack gap="xs">
        {whatsApp ? (
          <Button
            component="a"
            href={whatsApp}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="green"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          >
            {ORDER_NOTICE_LABELS.whatsapp}
          </Button>
        ) : null}
        <Button
          component="a"
          href={paths.admin.orderPrint.getHref(order._id, '80mm')}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconReceipt size={16} aria-hidden />}
        >
          {ORDER_NOTICE_LABELS.comanda}
        </Button>
        <Button
          component="a"
          href={paths.admin.orderPrint.getHref(order._id, 'a4')}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconFileText size={16} aria-hidden />}
        >
          {ORDER_NOTICE_LABELS.remito}
        </Button>
      </Stack>
    </>
  )
}
