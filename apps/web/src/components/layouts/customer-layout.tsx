import type { ReactNode } from 'react'
import { Outlet } from 'react-router'

import { AppFooter } from '@/components/layouts/app-footer'
import { AppHeader } from '@/components/layouts/app-header'
import { SkipLink } from '@/components/layouts/skip-link'

import classes from './layouts.module.css'

/** The customer area: header with the shopping links, the page, the footer. */
export function CustomerLayout({ headerBar }: { headerBar?: ReactNode }) {
  return (
    <div className={classes.shell}>
      <SkipLink />
      <AppHeader withNav bar={headerBar} />
      <main id="contenido" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
    </div>
  )
}
