import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import type { ReactNode } from 'react'

export type ErrorPageProps = {
  statusCode?: number
  message?: string
  /** Extra actions; a link home is shown when none are given. */
  actions?: ReactNode
}

/** Spec section 2: 'Page Not Found' for 404, 'Internal Server Error' otherwise. */
export function getErrorTitle(statusCode: number): string {
  return statusCode === 404 ? 'Page Not Found' : 'Internal Server Error'
}

export function ErrorPage({ statusCode = 500, message, actions }: ErrorPageProps) {
  const title = getErrorTitle(statusCode)
  useDocumentTitle(`${statusCode} ${title} · Barrio`)
  return (
    <Container size="sm" py={64} px="md">
      <Stack gap="md" align="flex-start">
        <Text fw={700} c="green" fz={48} lh={1} aria-label={`Error ${statusCode}`}>
          {statusCode}
        </Text>
        <Title order={1}>{title}</Title>
        {message ? <Text style={{ overflowWrap: 'anywhere' }}>{message}</Text> : null}
        <Group>
          {actions ?? (
            <Button component="a" href="/">
              Volver al inicio
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  )
}
