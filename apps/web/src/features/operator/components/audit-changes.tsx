import { Box, Button, Code, Collapse, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react'
import { useId, useState } from 'react'

export const SHOW_CHANGES_LABEL = 'Ver cambios'
export const HIDE_CHANGES_LABEL = 'Ocultar cambios'

/** A state as readable text: pretty JSON, or a dash when there was none (a creation, a removal). */
function stateText(value: unknown): string {
  if (value === null || value === undefined) return '—'
  return JSON.stringify(value, null, 2)
}

/** The keys whose values differ between before and after (the ones worth reading first). */
export function changedKeys(before: unknown, after: unknown): string[] {
  const asObject = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  const a = asObject(before)
  const b = asObject(after)
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  )
}

/**
 * An entry's before and after, folded away until asked for ("Ver cambios"): what changed first,
 * then both states in full, side by side on wide screens and one under the other on phones.
 */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const changed = changedKeys(before, after)
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        rightSection={
          open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
        }
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? HIDE_CHANGES_LABEL : SHOW_CHANGES_LABEL}
      </Button>
      <Collapse expanded={open}>
        <Box id={id}>
          {changed.length > 0 ? (
            <Text size="xs" c="dimmed" mb={4}>
              {`Cambió: ${changed.join(', ')}`}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Stack gap={2}>
              <Text size="xs" fw={600}>
                Antes
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {stateText(before)}
              </Code>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" fw={600}>
                Después
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {stateText(after)}
              </Code>
            </Stack>
          </SimpleGrid>
        </Box>
      </Collapse>
    </Stack>
  )
}
