import { Chip, Group, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useSearchParams } from 'react-router'

import {
  DAY_RANGE_PRESET_LABELS,
  dayRangeParams,
  type DayRangePreset,
  type DayRangeState,
} from '@/components/admin/day-range/day-range'

/**
 * Period chips (the page's presets) and, for a custom period, two native date inputs. The choice
 * is written to the URL (`range`, `from`, `to`), so it survives a reload and can be shared.
 */
export function DayRangePicker({
  state,
  presets,
}: {
  state: DayRangeState
  presets: readonly DayRangePreset[]
}) {
  const [, setParams] = useSearchParams()

  const choose = (value: string) => {
    const preset = value as DayRangePreset
    // A new custom range starts from the days on screen, so the inputs are never blank.
    const custom =
      preset === 'custom' && !state.custom.from && !state.custom.to && state.range
        ? state.range
        : state.custom
    setParams(dayRangeParams(preset, custom), { replace: true })
  }
  const setDay = (field: 'from' | 'to', value: string) =>
    setParams(dayRangeParams('custom', { ...state.custom, [field]: value }), { replace: true })

  return (
    <Stack gap="xs">
      <Chip.Group multiple={false} value={state.preset} onChange={choose}>
        <Group gap="xs" role="radiogroup" aria-label="Período">
          {presets.map((preset) => (
            <Chip key={preset} value={preset} type="radio" size="sm">
              {DAY_RANGE_PRESET_LABELS[preset]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {state.preset === 'custom' ? (
        <SimpleGrid cols={2} spacing="xs" maw={420}>
          <TextInput
            type="date"
            label="Desde"
            value={state.custom.from}
            onChange={(e) => setDay('from', e.currentTarget.value)}
            error={state.errors.from}
          />
          <TextInput
            type="date"
            label="Hasta"
            value={state.custom.to}
            onChange={(e) => setDay('to', e.currentTarget.value)}
            error={state.errors.to}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  )
}
