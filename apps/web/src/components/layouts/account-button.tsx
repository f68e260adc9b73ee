import { Box, Button } from '@mantine/core'
import { IconUser } from '@tabler/icons-react'
import { Link, useLocation } from 'react-router'

import { LOGIN_MODAL_DISABLED_PATHS, paths } from '@/config/paths'
import { openLoginModal, useAppStore } from '@/lib/app-store'

/** "Mi cuenta" when signed in, otherwise a button that opens the login modal. */
export function AccountButton() {
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const { pathname } = useLocation()
  if (isLoggedIn) {
    return (
      <Button
        component={Link}
        to={paths.account.getHref()}
        variant="light"
        px={{ base: 10, xs: 'md' }}
        aria-label="Mi cuenta"
      >
        {/* On a phone only the icon fits next to the cart (the name stays in aria-label). */}
        <IconUser size={16} aria-hidden />
        <Box component="span" visibleFrom="xs" ml={8}>
          Mi cuenta
        </Box>
      </Button>
    )
  }
  if (LOGIN_MODAL_DISABLED_PATHS.includes(pathname)) return null
  return (
    <Button
      onClick={() => openLoginModal('login')}
      leftSection={<IconUser size={16} aria-hidden />}
    >
      Ingresar
    </Button>
  )
}
