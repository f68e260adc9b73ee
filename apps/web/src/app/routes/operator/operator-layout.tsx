import { Anchor, AppShell, Group, NavLink, ThemeIcon } from '@mantine/core'
import {
  IconBuildingStore,
  IconChartBar,
  IconHistory,
  IconPercentage,
  IconReceipt,
  IconShieldCheck,
  IconShoppingBag,
} from '@tabler/icons-react'
import { Link, Outlet, useLocation } from 'react-router'

import { SkipLink } from '@/components/layouts/skip-link'
import { NightModeToggle } from '@/components/night-mode-toggle'
import { paths } from '@/config/paths'
import { LogoutButton } from '@/features/auth/components/logout-button'
import { useAppStore } from '@/lib/app-store'

type OperatorNavItem = {
  label: string
  href: string
  icon: typeof IconChartBar
  /** Active on its own path only, not on the paths below it. */
  end?: boolean
}

/** The operator's sections (issue 24); more join as the area grows. */
export const OPERATOR_NAV_ITEMS: OperatorNavItem[] = [
  { label: 'La ciudad', href: paths.operator.root.getHref(), icon: IconChartBar, end: true },
  { label: 'Comercios', href: paths.operator.applications.getHref(), icon: IconBuildingStore },
  { label: 'Tiendas', href: paths.operator.stores.getHref(), icon: IconShoppingBag },
  { label: 'Comisiones', href: paths.operator.commissions.getHref(), icon: IconPercentage },
  { label: 'Resúmenes', href: paths.operator.statements.getHref(), icon: IconReceipt },
  { label: 'Auditoría', href: paths.operator.audit.getHref(), icon: IconHistory },
]

/**
 * The marketplace operator's area: "Barrio Operación" and night mode on top, the sections and
 * "Cerrar sesión" on a second row. Until the second factor is confirmed only the way out shows.
 */
export function OperatorLayout() {
  const { pathname } = useLocation()
  const owesSecondFactor = useAppStore(
    (s) => s.user?.secondFactor === 'enrol' || s.user?.secondFactor === 'verify',
  )
  return (
    <AppShell header={{ height: 108 }} padding="md">
      <AppShell.Header>
        <SkipLink />
        <Group h={60} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Anchor
            component={Link}
            to={paths.operator.root.getHref()}
            underline="never"
            c="inherit"
            fw={800}
            fz="lg"
          >
            <Group gap={8} wrap="nowrap">
              <ThemeIcon color="green" radius="md" size="md" aria-hidden>
                <IconShieldCheck size={18} />
              </ThemeIcon>
              <span>Barrio Operación</span>
            </Group>
          </Anchor>
          <NightModeToggle />
        </Group>
        <Group
          h={48}
          px="md"
          justify="space-between"
          wrap="nowrap"
          gap="xs"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          {owesSecondFactor ? (
            <span />
          ) : (
            <Group
              component="nav"
              aria-label="Secciones de operación"
              gap={4}
              wrap="nowrap"
              style={{ overflowX: 'auto', minWidth: 0 }}
            >
              {OPERATOR_NAV_ITEMS.map(({ label, href, icon: Icon, end }) => {
                const active = pathname === href || (!end && pathname.startsWith(`${href}/`))
                return (
                  <NavLink
                    key={href}
                    component={Link}
                    to={href}
                    label={label}
                    leftSection={<Icon size={16} aria-hidden />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    w="auto"
                    py={6}
                    style={{ flexShrink: 0 }}
                  />
                )
              })}
            </Group>
          )}
          <LogoutButton size="compact-sm" variant="subtle" />
        </Group>
      </AppShell.Header>
      <AppShell.Main id="contenido">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}
