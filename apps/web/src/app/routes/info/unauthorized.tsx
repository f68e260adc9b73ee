import { Button, Group } from '@mantine/core'
import { Link } from 'react-router'

import { PlaceholderPage } from '@/components/placeholder-page'
import { openLoginModal, useAppStore } from '@/lib/app-store'

/** Where a seller-only route sends a customer (spec section 2). */
export function UnauthorizedPage() {
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  return (
    <PlaceholderPage
      title="No tenés acceso a esta sección"
      description="Esta sección es solo para vendedores. Ingresá con una cuenta de comercio para continuar."
    >
      <Group>
        {isLoggedIn ? null : <Button onClick={() => openLoginModal('login')}>Ingresar</Button>}
        <Button component={Link} to="/" variant="default">
          Volver al inicio
        </Button>
      </Group>
    </PlaceholderPage>
  )
}
