import { ActionIcon } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'

import { toggleNightMode, useAppStore } from '@/lib/app-store'

/**
 * Toggles night mode; the choice is persisted in local storage (barrio.nightMode). The hint is the
 * native `title`, not a Mantine Tooltip: the header is on every first page, and Tooltip brings
 * floating-ui (~50 KB) into that bundle (decision 016).
 */
export function NightModeToggle() {
  const nightMode = useAppStore((s) => s.nightMode)
  const label = nightMode ? 'Desactivar modo noche' : 'Activar modo noche'
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      aria-pressed={nightMode}
      onClick={toggleNightMode}
    >
      {nightMode ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  )
}
