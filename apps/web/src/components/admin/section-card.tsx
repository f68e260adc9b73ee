import { Group, Paper, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A titled block of a figures page (the seller's analytics, the operator's city at a glance), with
 * its actions (CSV, a switch) at the right.
 */
export function SectionCard({
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
