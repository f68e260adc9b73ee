import { ActionIcon, Button, NumberInput, Stack, Table, Text } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'

import type { AppFormApi } from '@/components/form/use-app-form'
import { MoneyInput } from '@/components/admin/money-input'
import { TableContainer } from '@/components/admin/table-container'
import { draftKey, type LogisticsFormValues } from '@/features/admin-settings/utils/logistics-form'

export const DELIVERY_BAND_LABELS = {
  addBand: 'Agregar tramo',
  bandKm: (n: number) => `Tramo ${n}: hasta (km)`,
  bandAmount: (n: number) => `Tramo ${n}: costo`,
} as const

/** Delivery fee by distance: one row per band (up to km, fee), sorted when saved. */
export function DeliveryBandsField({ appForm }: { appForm: AppFormApi<LogisticsFormValues> }) {
  const { form, errorOf } = appForm
  const delivery = form.values.delivery
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Cada tramo cubre hasta la distancia indicada desde tu tienda. Se ordenan de menor a mayor al
        guardar.
      </Text>
      <TableContainer label="Tramos de costo por distancia" minWidth={280}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Hasta (km)</Table.Th>
              <Table.Th>Costo</Table.Th>
              <Table.Th>
                <Text span fz="sm" fw={700}>
                  Quitar
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {delivery.bands.map((band, index) => (
              <Table.Tr key={band.key}>
                <Table.Td>
                  <NumberInput
                    aria-label={DELIVERY_BAND_LABELS.bandKm(index + 1)}
                    min={0.1}
                    max={200}
                    decimalScale={1}
                    decimalSeparator=","
                    allowNegative={false}
                    w={90}
                    {...appForm.inputProps(
                      `delivery.bands.${index}.upToKm`,
                      `delivery.fee.bands.${index}.upToKm`,
                    )}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={DELIVERY_BAND_LABELS.bandAmount(index + 1)}
                    w={120}
                    {...appForm.moneyProps(
                      `delivery.bands.${index}.amount`,
                      `delivery.fee.bands.${index}.amount`,
                    )}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Quitar tramo ${index + 1}`}
                    onClick={() => form.removeListItem('delivery.bands', index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableContainer>
      {errorOf('delivery.fee.bands') ? (
        <Text size="sm" c="red" role="alert">
          {errorOf('delivery.fee.bands')}
        </Text>
      ) : null}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={delivery.bands.length >= 20}
        onClick={() =>
          form.insertListItem('delivery.bands', {
            key: draftKey(),
            upToKm: '',
            amount: null,
          })
        }
      >
        {DELIVERY_BAND_LABELS.addBand}
      </Button>
    </Stack>
  )
}
