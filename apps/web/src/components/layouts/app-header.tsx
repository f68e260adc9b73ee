import { Anchor, Container, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { paths } from '@/config/paths'
import { AccountButton } from '@/components/layouts/account-button'
import { BrandLink } from '@/components/layouts/brand-link'
import { NightModeToggle } from '@/components/night-mode-toggle'
import { useAppStore } from '@/lib/app-store'

import classes from './layouts.module.css'

export type AppHeaderProps = {
  /** Show the shopping links (customer layout). */
  withNav?: boolean
  /** Replaces the account button (e.g. checkout shows a "back" link instead). */
  actions?: ReactNode
  /** A second row under the header (the customer layout puts the address picker there). */
  bar?: ReactNode
  /**
   * The cart button: a feature, so app/ passes it in (components never import features).
   * Not shown when `actions` replaces the account button.
   */
  cart?: ReactNode
  /**
   * The search box (a feature, passed in by app/): in the top line from `md`, a full-width row
   * under it on smaller screens, never behind a menu.
   */
  search?: ReactNode
}

export function AppHeader({ withNav = false, actions, bar, cart, search }: AppHeaderProps) {
  const appType = useAppStore((s) => s.appType)
  return (
    <header className={classes.header} data-with-bar={bar ? true : undefined}>
      <Container size="lg" px="md" h={search ? undefined : 60}>
        <Group
          h={search ? undefined : '100%'}
          mih={60}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          className={search ? classes.headerTop : undefined}
        >
          <BrandLink />
          {search ? <div className={classes.headerSearch}>{search}</div> : null}
          {withNav ? (
            <nav aria-label="Navegación principal" className={classes.nav}>
              <Group gap="lg" visibleFrom="sm">
                {appType === 'admin' ? (
                  <Anchor
                    component={Link}
                    to={paths.admin.dashboard.getHref()}
                    c="inherit"
                    fw={500}
                  >
                    Panel de vendedor
                  </Anchor>
                ) : (
                  <>
                    <Anchor component={Link} to={paths.shops.getHref()} c="inherit" fw={500}>
                      Comercios
                    </Anchor>
                    <Anchor component={Link} to={paths.orders.getHref()} c="inherit" fw={500}>
                      Mis pedidos
                    </Anchor>
                  </>
                )}
              </Group>
            </nav>
          ) : null}
          <Group gap="xs" wrap="nowrap">
            <NightModeToggle />
            {actions ? null : cart}
            {actions ?? <AccountButton />}
          </Group>
        </Group>
      </Container>
      {bar ? (
        <div className={classes.headerBar}>
          <Container size="lg" px="md">
            {bar}
          </Container>
        </div>
      ) : null}
    </header>
  )
}
