import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import { getErrorMessage } from '@/lib/http/api-error'

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

export function ErrorState({
  error,
  title = 'No pudimos cargar los datos',
  onRetry,
}: {
  error: unknown
  title?: string
  onRetry?: () => void
}) {
  return (
    <Alert color="red" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{getErrorMessage(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Reintentar
          </Button>
        ) : null}
      </Stack>
    </Alert>
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
