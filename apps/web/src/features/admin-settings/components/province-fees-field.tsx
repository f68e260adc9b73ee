import type { ProvinceCode } from '@barrio/contracts/provinces'
import { PROVINCES } from '@barrio/contracts/provinces'
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'

import type { AppFormApi } from '@/components/form/use-app-form'
import { MoneyInput } from '@/components/admin/money-input'
import { draftKey, type LogisticsFormValues } from '@/features/admin-settings/utils/logistics-form'

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

/** Shipping: one row per province the store ships to, with its fee. */
export function ProvinceFeesField({ appForm }: { appForm: AppFormApi<LogisticsFormValues> }) {
  const { form } = appForm
  const shipping = form.values.shipping
  return (
    <>
      {shipping.provinces.length === 0 ? (
        <Text size="sm" c="dimmed">
          Agregá las provincias a las que enviás, con su costo.
        </Text>
      ) : (
        <Stack gap="xs">
          {shipping.provinces.map((row, index) => (
            <Group key={row.key} gap="xs" align="flex-start" wrap="wrap">
              <Select
                aria-label={`Provincia ${index + 1}`}
                placeholder="Provincia"
                searchable
                data={PROVINCE_OPTIONS}
                {...form.getInputProps(`shipping.provinces.${index}.code`)}
                onChange={(code) =>
                  form.setFieldValue(
                    `shipping.provinces.${index}.code`,
                    (code as ProvinceCode | null) ?? null,
                  )
                }
                style={{ flex: '1 1 200px' }}
              />
              <MoneyInput
                aria-label={`Costo de envío a la provincia ${index + 1}`}
                {...appForm.moneyProps(`shipping.provinces.${index}.fee`)}
                w={150}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Quitar provincia ${index + 1}`}
                onClick={() => form.removeListItem('shipping.provinces', index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={shipping.provinces.length >= 24}
        onClick={() =>
          form.insertListItem('shipping.provinces', { key: draftKey(), code: null, fee: null })
        }
      >
        Agregar provincia
      </Button>
    </>
  )
}
