import { Group, Paper, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A titled block of the overview, with its controls at the right. */
export function OverviewSection({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  )
}
