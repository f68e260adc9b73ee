import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import {
  IconArrowBackUp,
  IconBuildingStore,
  IconChartBar,
  IconCreditCard,
  IconExternalLink,
  IconFolders,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconShirt,
  IconShoppingBag,
  IconTicket,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react'
import { useEffect, type ComponentType, type ReactNode } from 'react'
import { Link, Outlet, useLocation } from 'react-router'

import { can, type Permission } from '@barrio/contracts/permissions'

import { paths } from '@/config/paths'
import { BrandLink } from '@/components/layouts/brand-link'
import { SkipLink } from '@/components/layouts/skip-link'
import { NightModeToggle } from '@/components/night-mode-toggle'
import { useAppStore } from '@/lib/app-store'
import { appTypeSwitchLink } from '@/lib/routing-rules'
import { useStoreRole } from '@/lib/store-role'
import { useScreen } from '@/lib/use-screen'

import classes from './layouts.module.css'

type AdminNavItem = {
  label: string
  href: string
  /** What the section needs (decision 029); hidden for a role without it. */
  permission?: Permission
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
}

/** Every seller section, in Spanish (spec section 2). */
export const ADMIN_NAV_ITEMS: AdminNavItem[] = [
  {
    label: 'Panel',
    href: paths.admin.dashboard.getHref(),
    icon: IconLayoutDashboard,
    permission: 'dashboard',
  },
  { label: 'Pedidos', href: paths.admin.orders.getHref(), icon: IconReceipt, permission: 'orders' },
  {
    // Issue 27: the botón de arrepentimiento's requests, under the orders they revoke.
    label: 'Arrepentimientos',
    href: paths.admin.withdrawals.getHref(),
    icon: IconArrowBackUp,
    permission: 'orders',
  },
  {
    label: 'Inventario',
    href: paths.admin.inventory.getHref(),
    icon: IconPackage,
    permission: 'stock',
  },
  {
    label: 'Productos',
    href: paths.admin.products.getHref(),
    icon: IconShirt,
    permission: 'stock',
  },
  {
    label: 'Colecciones',
    href: paths.admin.collections.getHref(),
    icon: IconFolders,
    permission: 'stock',
  },
  {
    // Issue 28: coupons set what customers pay, like prices.
    label: 'Cupones',
    href: paths.admin.coupons.getHref(),
    icon: IconTicket,
    permission: 'prices',
  },
  {
    label: 'Clientes',
    href: paths.admin.customers.getHref(),
    icon: IconUsers,
    permission: 'customers',
  },
  {
    label: 'Colaboradores',
    href: paths.admin.collaborators.getHref(),
    icon: IconUsersGroup,
    permission: 'collaborators',
  },
  {
    label: 'Pagos',
    href: paths.admin.payments.getHref(),
    icon: IconCreditCard,
    permission: 'payments',
  },
  {
    label: 'Analíticas',
    href: paths.admin.analytics.getHref(),
    icon: IconChartBar,
    permission: 'analytics',
  },
  { label: 'Tiendas', href: paths.admin.stores.getHref(), icon: IconBuildingStore },
  {
    label: 'Configuración',
    href: paths.admin.settings.getHref(),
    icon: IconSettings,
    permission: 'settings',
  },
]

function isActive(pathname: string, href: string): boolean {
  if (href === paths.admin.inventory.getHref()) return pathname === href
  return pathname === href || pathname.startsWith(`${href}/`)
}

export type AdminLayoutProps = {
  /**
   * The store switcher (composed by the app, which knows the seller's stores). It sits in the
   * header from 48em up and at the bottom of the navbar drawer below that.
   */
  storeSwitcher?: ReactNode
  /** Replaces the routed page (e.g. the "no stores yet" state). */
  children?: ReactNode
  /** The selected store's public page ("Ver mi tienda"), when it has one. */
  shopHref?: string | null
  /** A badge beside a section, by its href (app/ passes the pending withdrawals' count). */
  navBadges?: Partial<Record<string, ReactNode>>
}

const toCustomerApp = appTypeSwitchLink('customer')

/**
 * The seller area (lazy chunk): header with burger on mobile, store switcher and account link,
 * a navbar with every section.
 */
export function AdminLayout({
  storeSwitcher,
  children,
  shopHref,
  navBadges,
}: AdminLayoutProps = {}) {
  const role = useStoreRole()
  const [opened, { toggle, close }] = useDisclosure(false)
  const { pathname } = useLocation()
  // One switcher in the page at a time, so its label stays unique.
  const switcherInHeader = useScreen('(min-width: 48em)')
  // Below md a closed navbar only slides out of view: `inert` keeps its links out of the tab
  // order and the screen reader's reach until the burger opens it.
  const navbarAlwaysShown = useScreen('(min-width: 64em)')
  const navbarHidden = !opened && navbarAlwaysShown === false

  // On mobile the navbar is a drawer: close it after each navigation or store switch.
  const selectedStoreId = useAppStore((s) => s.selectedStoreId)
  useEffect(() => {
    close()
  }, [pathname, selectedStoreId, close])

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Cerrar menú' : 'Abrir menú'}
              aria-expanded={opened}
              aria-controls="admin-navbar"
            />
            <BrandLink to={paths.admin.dashboard.getHref()} suffix="Vendedores" />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {storeSwitcher && switcherInHeader ? storeSwitcher : null}
            <NightModeToggle />
            <Button
              component={Link}
              to={paths.account.getHref()}
              variant="light"
              aria-label="Mi cuenta"
              leftSection={<IconUser size={16} aria-hidden />}
            >
              <Text span visibleFrom="xs" inherit>
                Mi cuenta
              </Text>
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {/* Mantine renders the navbar as a nav: it holds the sections, the customer links and,
          on phones, the store switcher. */}
      <AppShell.Navbar
        p="sm"
        id="admin-navbar"
        aria-label="Menú del vendedor"
        inert={navbarHidden || undefined}
      >
        {/* The browser's own scrolling, not Mantine's ScrollArea: its scrollbar measures the
            section on every resize, a forced layout in the first commit of every seller page
            (issue 29, blocking time). */}
        <AppShell.Section grow className={classes.navbarSections}>
          <Stack component="nav" aria-label="Secciones del vendedor" gap={2}>
            {ADMIN_NAV_ITEMS.filter(
              (item) => !item.permission || role === null || can(role, item.permission),
            ).map(({ label, href, icon: Icon }) => (
              <NavLink
                key={href}
                component={Link}
                to={href}
                label={label}
                leftSection={<Icon size={18} aria-hidden />}
                rightSection={navBadges?.[href]}
                active={isActive(pathname, href)}
                aria-current={isActive(pathname, href) ? 'page' : undefined}
              />
            ))}
          </Stack>
        </AppShell.Section>
        {/* Decision 036: the shop as customers see it, and shopping with the same account. */}
        <AppShell.Section
          pt="sm"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Stack component="nav" aria-label="Tu tienda y tus compras" gap={2}>
            {shopHref ? (
              <NavLink
                component={Link}
                {...appTypeSwitchLink('customer', shopHref)}
                label="Ver mi tienda"
                leftSection={<IconExternalLink size={18} aria-hidden />}
              />
            ) : null}
            <NavLink
              component={Link}
              {...toCustomerApp}
              label="Comprar como cliente"
              leftSection={<IconShoppingBag size={18} aria-hidden />}
            />
          </Stack>
        </AppShell.Section>
        {storeSwitcher && !switcherInHeader ? (
          <AppShell.Section pt="sm">{storeSwitcher}</AppShell.Section>
        ) : null}
      </AppShell.Navbar>

      <AppShell.Main id="contenido">{children ?? <Outlet />}</AppShell.Main>
    </AppShell>
  )
}
