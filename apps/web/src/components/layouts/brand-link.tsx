import { Anchor, Group, ThemeIcon } from '@mantine/core'
import { IconBuildingStore } from '@tabler/icons-react'
import { Link } from 'react-router'

export type BrandLinkProps = { to?: string; suffix?: string }

/** The Barrio brand: always a link (home by default). */
export function BrandLink({ to = '/', suffix }: BrandLinkProps) {
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" fw={800} fz="xl">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon color="green" radius="md" size="md" aria-hidden>
          <IconBuildingStore size={18} />
        </ThemeIcon>
        {/* The name comes from the text ("Barrio Vendedores"): the space keeps the words apart. */}
        <span>Barrio{suffix ? ' ' : null}</span>
        {suffix ? (
          <Anchor component="span" c="dimmed" fw={500} fz="sm" visibleFrom="xs">
            {suffix}
          </Anchor>
        ) : null}
      </Group>
    </Anchor>
  )
}
