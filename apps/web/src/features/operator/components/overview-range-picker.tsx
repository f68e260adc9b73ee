import { Chip, Group, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useSearchParams } from 'react-router'

import {
  OVERVIEW_PRESET_LABELS,
  OVERVIEW_PRESETS,
  overviewRangeParams,
  type OverviewPreset,
  type OverviewRangeState,
} from '@/features/operator/utils/overview-range'

/**
 * Period chips (7, 30, 90 días, Personalizado) and, for a custom period, two native date inputs.
 * The choice lives in the URL (`range`, `from`, `to`): it survives a reload and can be shared.
 */
export function OverviewRangePicker({ state }: { state: OverviewRangeState }) {
  const [, setParams] = useSearchParams()

  const choose = (value: string) => {
    const preset = value as OverviewPreset
    // A new custom range starts from the days on screen, so the inputs are never blank.
    const custom =
      preset === 'custom' && !state.custom.from && !state.custom.to && state.range
        ? state.range
        : state.custom
    setParams(overviewRangeParams(preset, custom), { replace: true })
  }
  const setDay = (field: 'from' | 'to', value: string) =>
    setParams(overviewRangeParams('custom', { ...state.custom, [field]: value }), {
      replace: true,
    })

  return (
    <Stack gap="xs">
      <Chip.Group multiple={false} value={state.preset} onChange={choose}>
        <Group gap="xs" role="radiogroup" aria-label="Período">
          {OVERVIEW_PRESETS.map((preset) => (
            <Chip key={preset} value={preset} type="radio" size="sm">
              {OVERVIEW_PRESET_LABELS[preset]}
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
