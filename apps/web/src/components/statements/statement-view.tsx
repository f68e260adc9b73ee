import type { Statement } from '@barrio/contracts/commissions'
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@barrio/contracts/labels-es'
import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core'

import { EmptyBlock } from '@/components/admin/page-states'
import { TableContainer } from '@/components/admin/table-container'
import { formatMonth } from '@/components/statements/months'
import { formatCount, formatDateTime, formatMoney, formatPercent, plural } from '@/lib/format'

function Figure({ title, value, hint }: { title: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={title}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  )
}

/**
 * A month's commission statement (decision 045), the operator's and the seller's: the figures,
 * then one row per order (the commission each order owes after refunds). Cancelled orders are not
 * in it: they owe nothing.
 */
export function StatementView({ statement }: { statement: Statement }) {
  const month = formatMonth(statement.month)
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <Figure title="Pedidos" value={formatCount(statement.ordersCount)} />
        <Figure title="Ventas" value={formatMoney(statement.sales)} hint="Sin reembolsos" />
        <Figure title="Comisión" value={formatMoney(statement.commission)} />
        <Figure
          title="Cobrado por Mercado Pago"
          value={formatMoney(statement.collected)}
          hint="Lo que Mercado Pago ya retuvo para Barrio"
        />
        <Figure title="Saldo a pagar" value={formatMoney(statement.balance)} />
      </SimpleGrid>
      {statement.lines.length === 0 ? (
        <EmptyBlock
          title={`No hubo pedidos en ${month}`}
          description="Los pedidos cancelados no cuentan para la comisión."
        />
      ) : (
        <TableContainer label={`Pedidos de ${month}`} minWidth={820}>
          <Table striped highlightOnHover>
            <Table.Caption>
              {plural(statement.ordersCount, 'pedido', 'pedidos')} de {month}, en hora de Buenos
              Aires.
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Pedido</Table.Th>
                <Table.Th scope="col">Fecha</Table.Th>
                <Table.Th scope="col">Pago</Table.Th>
                <Table.Th scope="col" ta="right">
                  Total
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Reembolsado
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Ventas
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Tasa
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Comisión
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  A pagar
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.lines.map((line) => (
                <Table.Tr key={line._id}>
                  <Table.Th scope="row">#{line.number}</Table.Th>
                  <Table.Td>{formatDateTime(line.createdAt)}</Table.Td>
                  <Table.Td>
                    {PAYMENT_METHOD_LABELS[line.paymentMethod]}
                    <Text size="xs" c="dimmed">
                      {PAYMENT_STATUS_LABELS[line.paymentStatus]}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(line.total)}</Table.Td>
                  <Table.Td ta="right">
                    {line.refundedAmount > 0 ? formatMoney(line.refundedAmount) : '—'}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(line.sales)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(line.commissionRateBp / 100)}</Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(line.commission)}
                    {line.commissionRefunded > 0 ? (
                      <Text size="xs" c="dimmed">
                        {formatMoney(line.commissionPlaced)} −{' '}
                        {formatMoney(line.commissionRefunded)} reembolsado
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(line.commission - line.collected)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  )
}
