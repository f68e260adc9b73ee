import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconArrowLeft } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

export type AdminPageProps = {
  /** The page's title: the document title, and the heading unless `heading` is given. */
  title: string
  /**
   * The visible h1 when it differs from the spec's title, which stays the document title: e.g.
   * "Envíos / Logística" for the spec's "Envios / Logistica" (decision 035).
   */
  heading?: string
  description?: ReactNode
  /** Buttons at the right of the title (below it on narrow screens). */
  actions?: ReactNode
  back?: { href: string; label: string }
  children?: ReactNode
}

/** The frame of every seller page: optional back link, h1, description and actions. */
export function AdminPage({
  title,
  heading = title,
  description,
  actions,
  back,
  children,
}: AdminPageProps) {
  useDocumentTitle(`${title} · Barrio Vendedores`)
  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      {back ? (
        <Anchor component={Link} to={back.href} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {heading}
          </Title>
          {typeof description === 'string' ? <Text c="dimmed">{description}</Text> : description}
        </Stack>
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
      {children}
    </Stack>
  )
}
