import type { ReactNode } from 'react'
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'

/** Nothing to show, said kindly, with an optional next step. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string
  description?: string
  action?: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap="xs" align="center" ta="center">
        <Text fw={600}>{title}</Text>
        {description ? (
          <Text size="sm" c="dimmed" maw={480}>
            {description}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Card>
  )
}

export const STORE_GRID_COLS = { base: 1, xs: 2, md: 3 } as const
export const PRODUCT_GRID_COLS = { base: 2, sm: 3 } as const

export function StoreGridSkeleton({ count = 3, label = 'Cargando comercios' }) {
  return (
    <SimpleGrid
      cols={STORE_GRID_COLS}
      spacing="md"
      role="group"
      aria-busy="true"
      aria-label={label}
    >
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={250} radius="md" />
      ))}
    </SimpleGrid>
  )
}

export function ProductGridSkeleton({ count = 6, label = 'Cargando productos' }) {
  return (
    <SimpleGrid
      cols={PRODUCT_GRID_COLS}
      spacing="md"
      role="group"
      aria-busy="true"
      aria-label={label}
    >
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={260} radius="md" />
      ))}
    </SimpleGrid>
  )
}

/** A shop or product that does not exist (404), as the page's own heading. */
export function NotFoundState({
  title,
  description,
  action,
}: {
  title: string
  description: string
  action?: ReactNode
}) {
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Text fw={700} c="green" fz={40} lh={1} aria-hidden>
        404
      </Text>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{description}</Text>
      {action}
    </Stack>
  )
}
