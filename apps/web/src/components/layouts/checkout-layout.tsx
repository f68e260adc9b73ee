import { Box, Button } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link, Outlet } from 'react-router'

import { paths } from '@/config/paths'
import { AppFooter } from '@/components/layouts/app-footer'
import { AppHeader } from '@/components/layouts/app-header'
import { SkipLink } from '@/components/layouts/skip-link'

import classes from './layouts.module.css'

/** Checkout: a focused header (no shopping links) with a way back to the shops. */
export function CheckoutLayout() {
  return (
    <div className={classes.shell}>
      <SkipLink />
      <AppHeader
        actions={
          <Button
            component={Link}
            to={paths.shops.getHref()}
            variant="subtle"
            px={{ base: 8, xs: 'md' }}
            aria-label="Seguir comprando"
          >
            {/* A phone shows the arrow only: the full label does not fit at 360 px. */}
            <IconArrowLeft size={16} aria-hidden />
            <Box component="span" visibleFrom="xs" ml={8}>
              Seguir comprando
            </Box>
          </Button>
        }
      />
      <main id="contenido" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
    </div>
  )
}
