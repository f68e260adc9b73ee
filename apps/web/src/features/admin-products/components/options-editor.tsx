import { ActionIcon, Alert, Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'

import type { FieldErrors } from '@/components/form/form-errors'
import {
  countCombinations,
  MAX_OPTIONS,
  MAX_VARIANTS,
  type OptionDraft,
} from '@/features/admin-products/utils/variants'

const PLACEHOLDERS = [
  { name: 'Talle', values: 'S, M, L' },
  { name: 'Color', values: 'Rojo, Azul' },
  { name: 'Material', values: 'Algodón, Lino' },
]

export function optionNameLabel(index: number) {
  return `Nombre de la opción ${index + 1}`
}
export function optionValuesLabel(index: number) {
  return `Valores de la opción ${index + 1}`
}

/** Up to 3 options (Talle, Color…) with their values; the variants grid follows them. */
export function OptionsEditor({
  value,
  onChange,
  errors,
}: {
  value: OptionDraft[]
  onChange: (options: OptionDraft[]) => void
  errors: FieldErrors
}) {
  const total = countCombinations(value)
  const update = (index: number, patch: Partial<OptionDraft>) =>
    onChange(value.map((o, i) => (i === index ? { ...o, ...patch } : o)))

  return (
    <Stack gap="sm">
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          ¿El producto viene en distintos talles, colores o tamaños? Agregá opciones y armamos una
          variante por cada combinación.
        </Text>
      ) : null}
      {value.map((option, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={optionNameLabel(index)}
            placeholder={PLACEHOLDERS[index]?.name}
            value={option.name}
            maxLength={40}
            error={errors[`options.${index}`]}
            onChange={(event) => update(index, { name: event.currentTarget.value })}
            w={{ base: '100%', xs: 180 }}
          />
          <TagsInput
            label={optionValuesLabel(index)}
            description="Escribí un valor y apretá Enter o coma"
            placeholder={option.values.length === 0 ? PLACEHOLDERS[index]?.values : undefined}
            value={option.values}
            splitChars={[',']}
            acceptValueOnBlur
            maxTags={MAX_VARIANTS}
            error={errors[`options.${index}.values`]}
            onChange={(values) => update(index, { values })}
            style={{ flex: '1 1 220px' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={26}
            aria-label={`Quitar la opción ${option.name.trim() || index + 1}`}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {errors.options ? (
        <Text size="sm" c="red" role="alert">
          {errors.options}
        </Text>
      ) : null}
      {total > MAX_VARIANTS ? (
        <Alert color="yellow" role="alert">
          Estas opciones dan {total} combinaciones; el máximo es {MAX_VARIANTS} variantes. Quitá
          algunos valores.
        </Alert>
      ) : null}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={value.length >= MAX_OPTIONS}
        onClick={() => onChange([...value, { name: '', values: [] }])}
      >
        Agregar opción
      </Button>
    </Stack>
  )
}
