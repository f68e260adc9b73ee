import { Paper, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** One titled block of the new order (customer, products, delivery, payment), named by its heading. */
export function FormSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}
