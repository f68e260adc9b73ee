import type { ReactNode } from 'react'
import { Outlet } from 'react-router'

import { AppFooter } from '@/components/layouts/app-footer'
import { AppHeader } from '@/components/layouts/app-header'
import { SkipLink } from '@/components/layouts/skip-link'

import classes from './layouts.module.css'

/** Plain pages (unauthorized, errors): brand header without shopping links, the page, the footer. */
export function DefaultLayout({
  children,
  headerCart,
}: {
  children?: ReactNode
  /** The header's cart button (app/ passes the cart feature's button). */
  headerCart?: ReactNode
}) {
  return (
    <div className={classes.shell}>
      <SkipLink />
      <AppHeader cart={headerCart} />
      <main id="contenido" className={classes.main} tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <AppFooter />
    </div>
  )
}
