import { Container, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import type { ReactNode } from 'react'

export type PlaceholderPageProps = {
  title: string
  description: string
  children?: ReactNode
}

/** A titled page for screens that later issues fill in. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  useDocumentTitle(`${title} · Barrio`)
  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
        {children}
      </Stack>
    </Container>
  )
}
