import { Box, UnstyledButton } from '@mantine/core'
import { IconBuildingStore, IconHome, IconReceipt, IconUser } from '@tabler/icons-react'
import type { ComponentType, ReactNode } from 'react'
import { NavLink } from 'react-router'

import { paths } from '@/config/paths'

import classes from './bottom-nav.module.css'

type Tab = {
  label: string
  href: string
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; stroke?: number }>
  /** Active only on the exact path (home), not on every path below it. */
  end?: boolean
}

const LEADING_TABS: Tab[] = [
  { label: 'Inicio', href: paths.home.getHref(), icon: IconHome, end: true },
  { label: 'Comercios', href: paths.shops.getHref(), icon: IconBuildingStore },
  { label: 'Pedidos', href: paths.orders.getHref(), icon: IconReceipt },
]
const ACCOUNT_TAB: Tab = { label: 'Cuenta', href: paths.account.getHref(), icon: IconUser }

function TabLink({ label, href, icon: Icon, end }: Tab) {
  // react-router's NavLink sets aria-current="page" on the active tab.
  return (
    <NavLink to={href} end={end} className={classes.tab}>
      <Icon size={22} aria-hidden stroke={1.8} />
      <span className={classes.label}>{label}</span>
    </NavLink>
  )
}

export type BottomNavProps = {
  /** The cart tab (a feature: app/ passes it in, built with {@link BottomNavButton}). */
  cart?: ReactNode
}

/**
 * The phone's navigation (below the md breakpoint the header's links are hidden): a bottom tab
 * bar the way delivery apps do it. Pages the tabs do not name (addresses, payment methods,
 * settings, help) are listed on the account page.
 */
export function BottomNav({ cart }: BottomNavProps) {
  return (
    <Box
      component="nav"
      aria-label="Navegación del teléfono"
      hiddenFrom="md"
      className={classes.bar}
    >
      <ul className={classes.list}>
        {LEADING_TABS.map((tab) => (
          <li key={tab.href}>
            <TabLink {...tab} />
          </li>
        ))}
        {cart ? <li>{cart}</li> : null}
        <li>
          <TabLink {...ACCOUNT_TAB} />
        </li>
      </ul>
    </Box>
  )
}

/** A tab that acts instead of navigating (the cart opens its drawer). */
export function BottomNavButton({
  label,
  accessibleLabel,
  icon,
  onClick,
  ...rest
}: {
  label: string
  /**
   * The full name when the tab shows less (e.g. "Carrito, 3 productos"). It must start with the
   * visible label, so voice control finds the tab by what it shows.
   */
  accessibleLabel?: string
  icon: ReactNode
  onClick: () => void
  'aria-haspopup'?: 'dialog'
  'aria-expanded'?: boolean
}) {
  return (
    <UnstyledButton
      className={classes.tab}
      onClick={onClick}
      aria-label={accessibleLabel}
      {...rest}
    >
      {icon}
      <span className={classes.label}>{label}</span>
    </UnstyledButton>
  )
}
