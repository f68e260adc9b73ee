import type { ReactNode } from 'react'
import { Outlet } from 'react-router'

import { AppFooter } from '@/components/layouts/app-footer'
import { AppHeader } from '@/components/layouts/app-header'
import { BottomNav } from '@/components/layouts/bottom-nav'
import { SkipLink } from '@/components/layouts/skip-link'

import classes from './layouts.module.css'

export type CustomerLayoutProps = {
  /** The header's second row (app/ passes the address picker). */
  headerBar?: ReactNode
  /** The header's cart button (app/ passes the cart feature's button). */
  headerCart?: ReactNode
  /** The phone tab bar's cart tab (app/ passes the cart feature's tab). */
  navCart?: ReactNode
  /** The header's search box (app/ passes the search feature's box). */
  headerSearch?: ReactNode
}

/** The customer area: header with the shopping links, the page, the footer; phones get a tab bar. */
export function CustomerLayout({
  headerBar,
  headerCart,
  navCart,
  headerSearch,
}: CustomerLayoutProps) {
  return (
    <div className={classes.shell} data-bottom-nav>
      <SkipLink />
      <AppHeader withNav bar={headerBar} cart={headerCart} search={headerSearch} />
      <main id="contenido" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
      <BottomNav cart={navCart} />
    </div>
  )
}
