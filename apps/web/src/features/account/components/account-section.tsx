import { Paper, Stack, Title } from '@mantine/core'
import { useId, type ReactNode } from 'react'

/** A titled block of the account and settings pages (h2, labelled region). */
export function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}
