import { Chip, Group, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useSearchParams } from 'react-router'

import {
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  rangeParams,
  type RangePreset,
  type RangeState,
} from '@/features/admin-analytics/utils/range'

/**
 * Period chips (Hoy … Personalizado) and, for a custom period, two native date inputs. The choice
 * is written to the URL (`range`, `from`, `to`), so it survives a reload and can be shared.
 */
export function RangePicker({ state }: { state: RangeState }) {
  const [, setParams] = useSearchParams()

  const choose = (value: string) => {
    const preset = value as RangePreset
    // A new custom range starts from the days on screen, so the inputs are never blank.
    const custom =
      preset === 'custom' && !state.custom.from && !state.custom.to && state.range
        ? state.range
        : state.custom
    setParams(rangeParams(preset, custom), { replace: true })
  }
  const setDay = (field: 'from' | 'to', value: string) =>
    setParams(rangeParams('custom', { ...state.custom, [field]: value }), { replace: true })

  return (
    <Stack gap="xs">
      <Chip.Group multiple={false} value={state.preset} onChange={choose}>
        <Group gap="xs" role="radiogroup" aria-label="Período">
          {RANGE_PRESETS.map((preset) => (
            <Chip key={preset} value={preset} type="radio" size="sm">
              {RANGE_PRESET_LABELS[preset]}
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
