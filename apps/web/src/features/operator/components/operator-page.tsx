import { Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import type { ReactNode } from 'react'

export type OperatorPageProps = {
  title: string
  description?: ReactNode
  /** Narrow pages (the second factor's) read better in one column. */
  narrow?: boolean
  children?: ReactNode
}

/** The frame of every operator page: h1, description, content; "… · Barrio Operación" as title. */
export function OperatorPage({ title, description, narrow = false, children }: OperatorPageProps) {
  useDocumentTitle(`${title} · Barrio Operación`)
  return (
    <Stack gap="md" maw={narrow ? 560 : 1200} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        {typeof description === 'string' ? <Text c="dimmed">{description}</Text> : description}
      </Stack>
      {children}
    </Stack>
  )
}
