import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import type { ReactNode } from 'react'

/** Version date shown on the legal pages. */
export const LEGAL_UPDATED_AT = '1 de marzo de 2026'
export const SUPPORT_EMAIL = 'ayuda@barrio.ar'
export const PRIVACY_EMAIL = 'privacidad@barrio.ar'

/** A readable long-form page: title, intro, sections. */
export function InfoPage({
  title,
  intro,
  updatedAt,
  children,
}: {
  title: string
  intro?: ReactNode
  updatedAt?: string
  children: ReactNode
}) {
  useDocumentTitle(`${title} · Barrio`)
  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{title}</Title>
          {updatedAt ? (
            <Text size="sm" c="dimmed">
              Última actualización: {updatedAt}
            </Text>
          ) : null}
          {intro ? <Text size="lg">{intro}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  )
}

/** A numbered section of a legal text. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

export function P({ children }: { children: ReactNode }) {
  return <Text lh={1.6}>{children}</Text>
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <List spacing={4} lh={1.6}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  )
}

export function Mail({ to }: { to: string }) {
  // Inside running text a link is underlined, not told apart by colour alone.
  return (
    <Anchor href={`mailto:${to}`} underline="always">
      {to}
    </Anchor>
  )
}
