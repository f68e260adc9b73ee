import { Table } from '@mantine/core'

/** CBU/CVU, alias and holder of a bank transfer, as the shop configured them. */
export function BankTransferDetails({ details }: { details: Record<string, unknown> }) {
  const rows: Array<[string, unknown]> = [
    ['CBU/CVU', details.cbu],
    ['Alias', details.alias],
    ['Titular', details.holder],
    ['Banco', details.bank],
    ['CUIT', details.cuit],
  ]
  const shown = rows.filter(
    (row): row is [string, string] => typeof row[1] === 'string' && row[1] !== '',
  )
  if (shown.length === 0) return null
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm">
      <Table.Tbody>
        {shown.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th fw={500} c="dimmed" w={90} scope="row">
              {label}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
