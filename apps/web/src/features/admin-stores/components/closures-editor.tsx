import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'

import type { FieldErrors } from '@/components/form/form-errors'
import type { ClosureValues } from '@/features/admin-stores/utils/store-form'

export type ClosuresEditorProps = {
  value: ClosureValues[]
  onChange: (value: ClosureValues[]) => void
  openOnHolidays: boolean
  onOpenOnHolidaysChange: (value: boolean) => void
  errors: FieldErrors
}

/**
 * Days the store is closed whatever its hours say (vacations, "cerrado por inventario"), both
 * days included, and whether it opens on national holidays (issue 26). Native date inputs: the
 * phone's own date picker, and typing from the keyboard on a computer.
 */
export function ClosuresEditor({
  value,
  onChange,
  openOnHolidays,
  onOpenOnHolidaysChange,
  errors,
}: ClosuresEditorProps) {
  const setRow = (index: number, row: ClosureValues) =>
    onChange(value.map((r, i) => (i === index ? row : r)))
  return (
    <Stack gap="sm">
      <Switch
        label="Abrimos en feriados nacionales"
        description="Si está apagado, los feriados nacionales de Argentina el comercio figura cerrado."
        checked={openOnHolidays}
        onChange={(event) => onOpenOnHolidaysChange(event.currentTarget.checked)}
      />
      <Text fw={600} id="closures-title">
        Días cerrado
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin cierres programados. Agregá vacaciones o días de inventario para que tus clientes lo
          sepan.
        </Text>
      ) : null}
      <Stack gap="xs" role="group" aria-labelledby="closures-title">
        {value.map((row, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label="Desde"
              aria-label={`Cierre ${index + 1}: desde`}
              value={row.from}
              onChange={(event) => setRow(index, { ...row, from: event.currentTarget.value })}
              error={errors[`closures.${index}.from`]}
              w={160}
            />
            <TextInput
              type="date"
              label="Hasta"
              aria-label={`Cierre ${index + 1}: hasta`}
              value={row.to}
              onChange={(event) => setRow(index, { ...row, to: event.currentTarget.value })}
              error={errors[`closures.${index}.to`]}
              w={160}
            />
            <TextInput
              label="Motivo"
              aria-label={`Cierre ${index + 1}: motivo`}
              placeholder="Vacaciones"
              maxLength={120}
              value={row.reason}
              onChange={(event) => setRow(index, { ...row, reason: event.currentTarget.value })}
              error={errors[`closures.${index}.reason`]}
              style={{ flex: 1, minWidth: 160 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Quitar el cierre ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange([...value, { from: '', to: '', reason: '' }])}
          disabled={value.length >= 50}
        >
          Agregar cierre
        </Button>
      </Group>
    </Stack>
  )
}
