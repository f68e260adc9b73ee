import { Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core'
import { IconInbox } from '@tabler/icons-react'
import type { ReactNode } from 'react'

export function LoadingState({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  )
}

export function EmptyBlock({
  title,
  description,
  action,
  icon,
}: {
  title: string
  description?: string
  action?: ReactNode
  icon?: ReactNode
}) {
  return (
    <EmptyState
      py="xl"
      title={title}
      description={description}
      icon={icon ?? <IconInbox size={32} aria-hidden />}
      withIndicatorBackground
    >
      {action ? (
        <Group justify="center" mt="sm">
          {action}
        </Group>
      ) : null}
    </EmptyState>
  )
}
