import { Alert, Button, Stack, Text, type MantineSpacing } from '@mantine/core'
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import { getErrorMessage } from '@/lib/http/api-error'

export const RETRY_LABEL = 'Reintentar'

export type ErrorStateProps = {
  /** What failed, as a heading: "No pudimos cargar tus pedidos". */
  title?: string
  /** The failure; its message (the API's Spanish message, or a generic one) is shown. */
  error?: unknown
  /** Shown instead of the error's message. */
  message?: ReactNode
  /** Loads again; without it there is no retry button. */
  onRetry?: () => void
  /** The retry is under way: the button shows it and cannot be pressed twice. */
  retrying?: boolean
  mb?: MantineSpacing
}

/** A failed load: the one error block of the web app, with the reason and a retry button. */
export function ErrorState({
  title = 'No pudimos cargar los datos',
  error,
  message,
  onRetry,
  retrying = false,
  mb,
}: ErrorStateProps) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      mb={mb}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message ?? getErrorMessage(error)}</Text>
        {onRetry ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retrying}
            onClick={onRetry}
          >
            {RETRY_LABEL}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  )
}
