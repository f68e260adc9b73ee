import { ActionIcon, Button, Group, Stack, Switch, Text } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'

import type { FieldErrors } from '@/components/form/form-errors'
import { TimeField } from '@/components/admin/form/time-field'
import { WEEKDAYS, type DayHours, type WeekdayKey } from '@/features/admin-stores/utils/store-form'

export type OpeningHoursEditorProps = {
  value: Record<WeekdayKey, DayHours>
  onChange: (value: Record<WeekdayKey, DayHours>) => void
  errors: FieldErrors
}

/** Opening hours per weekday (Lunes..Domingo): ranges like 09:00–13:00, or closed. */
export function OpeningHoursEditor({ value, onChange, errors }: OpeningHoursEditorProps) {
  const setDay = (key: WeekdayKey, day: DayHours) => onChange({ ...value, [key]: day })

  return (
    <Stack gap="sm">
      {WEEKDAYS.map(({ key, label }) => {
        const day = value[key]
        const lower = label.toLowerCase()
        return (
          <Stack
            key={key}
            gap={6}
            pb="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} id={`hours-${key}`}>
                {label}
              </Text>
              <Switch
                label={day.open ? 'Abierto' : 'Cerrado'}
                aria-label={`${label}: abierto`}
                checked={day.open}
                onChange={(event) => {
                  const open = event.currentTarget.checked
                  setDay(key, {
                    open,
                    ranges: open && day.ranges.length === 0 ? [['09:00', '18:00']] : day.ranges,
                  })
                }}
              />
            </Group>
            {day.open ? (
              <Stack gap={6} role="group" aria-labelledby={`hours-${key}`}>
                {day.ranges.map(([from, to], index) => (
                  <Stack key={index} gap={2}>
                    <Group gap="xs" wrap="nowrap" align="flex-end">
                      <TimeField
                        label="Desde"
                        aria-label={`${label}, franja ${index + 1}: desde`}
                        value={from}
                        onChange={(time) => {
                          const ranges = day.ranges.map((r, i) =>
                            i === index ? ([time, r[1]] as [string, string]) : r,
                          )
                          setDay(key, { ...day, ranges })
                        }}
                        style={{ flex: '1 1 0', minWidth: 0, maxWidth: 150 }}
                        size="sm"
                      />
                      <Text pb={6} aria-hidden>
                        –
                      </Text>
                      <TimeField
                        label="Hasta"
                        aria-label={`${label}, franja ${index + 1}: hasta`}
                        value={to}
                        onChange={(time) => {
                          const ranges = day.ranges.map((r, i) =>
                            i === index ? ([r[0], time] as [string, string]) : r,
                          )
                          setDay(key, { ...day, ranges })
                        }}
                        style={{ flex: '1 1 0', minWidth: 0, maxWidth: 150 }}
                        size="sm"
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={2}
                        aria-label={`Quitar franja ${index + 1} del ${lower}`}
                        onClick={() =>
                          setDay(key, { ...day, ranges: day.ranges.filter((_, i) => i !== index) })
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                    {errors[`openingHours.${key}.${index}`] ? (
                      <Text size="xs" c="red" role="alert">
                        {errors[`openingHours.${key}.${index}`]}
                      </Text>
                    ) : null}
                  </Stack>
                ))}
                {errors[`openingHours.${key}`] ? (
                  <Text size="xs" c="red" role="alert">
                    {errors[`openingHours.${key}`]}
                  </Text>
                ) : null}
                <Button
                  variant="subtle"
                  size="compact-sm"
                  w="fit-content"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  aria-label={`Agregar franja al ${lower}`}
                  onClick={() => {
                    const last = day.ranges.at(-1)
                    const next: [string, string] = last
                      ? [last[1], last[1] < '20:00' ? '20:00' : '23:59']
                      : ['09:00', '18:00']
                    setDay(key, { ...day, ranges: [...day.ranges, next] })
                  }}
                >
                  Agregar franja
                </Button>
              </Stack>
            ) : null}
          </Stack>
        )
      })}
    </Stack>
  )
}
