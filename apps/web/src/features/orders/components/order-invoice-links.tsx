import type { Order } from '@barrio/contracts/orders'
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'

import { useOrderInvoices } from '@/api/customer/orders/get-invoices'
import { env } from '@/config/env'

/** Payment states after which an order may have an invoice (a refund adds a credit note). */
const PAID = new Set<Order['paymentStatus']>(['paid', 'partially_refunded', 'refunded'])

/**
 * "Factura" on the customer's order page (issue 27): a download per document ARCA authorized.
 * Hidden while there is none (or it could not be loaded: the e-mail carries it too). The PDF is
 * served with the session cookie, so a plain link downloads it.
 */
export function OrderInvoiceLinks({ order }: { order: Pick<Order, '_id' | 'paymentStatus'> }) {
  const query = useOrderInvoices(order._id, { enabled: PAID.has(order.paymentStatus) })
  const docs = (query.data ?? []).filter((doc) => doc.pdfUrl)
  if (docs.length === 0) return null
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="order-section-factura"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-section-factura">
          Factura
        </Title>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {docs.map((doc) => (
            <li key={doc._id}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconDownload size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                <Stack gap={0}>
                  <Anchor href={`${env.API_URL}${doc.pdfUrl}`} download size="sm">
                    Descargar {doc.label} (PDF)
                  </Anchor>
                  {doc.cae ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      CAE {doc.cae}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  )
}
