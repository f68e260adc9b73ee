import { Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A labelled, keyboard-scrollable region for a wide table: at 360 px the table scrolls
 * horizontally inside it instead of overflowing the page.
 */
export function TableContainer({
  label,
  minWidth = 720,
  children,
}: {
  label: string
  minWidth?: number
  children: ReactNode
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" hiddenFrom="md" mb={4}>
        Deslizá la tabla para ver todas las columnas.
      </Text>
      <Table.ScrollContainer
        minWidth={minWidth}
        role="region"
        aria-label={label}
        tabIndex={0}
        type="native"
      >
        {children}
      </Table.ScrollContainer>
    </div>
  )
}
