import { ActionIcon, Tooltip } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'

import { toggleNightMode, useAppStore } from '@/lib/app-store'

/** Toggles night mode; the choice is persisted in local storage (barrio.nightMode). */
export function NightModeToggle() {
  const nightMode = useAppStore((s) => s.nightMode)
  const label = nightMode ? 'Desactivar modo noche' : 'Activar modo noche'
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        aria-pressed={nightMode}
        onClick={toggleNightMode}
      >
        {nightMode ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  )
}
