import { Button, Group } from '@mantine/core'
import { Link, useLocation } from 'react-router'

import { PlaceholderPage } from '@/components/placeholder-page'
import { canUseAppType, openLoginModal, useAppStore } from '@/lib/app-store'
import { appTypeSwitchLink, isSellerRoute, refusedPath } from '@/lib/routing-rules'

/**
 * Where a seller-only route sends a customer (spec section 2). A seller using the customer app
 * (decision 036) is offered the way back to the seller app, at the page that was refused.
 */
export function UnauthorizedPage() {
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const shopsAsSeller = useAppStore(
    (s) => s.appType === 'customer' && canUseAppType(s.user, 'admin'),
  )
  const { state } = useLocation()
  if (shopsAsSeller) {
    const from = refusedPath(state)
    const back = appTypeSwitchLink('admin', from && isSellerRoute(from) ? from : undefined)
    return (
      <PlaceholderPage
        title="Estás comprando como cliente"
        description="Esta sección es de tu tienda. Volvé al panel de vendedor para abrirla."
      >
        <Group>
          <Button component={Link} to={back.to} state={back.state}>
            Ir a mi tienda
          </Button>
          <Button component={Link} to="/" variant="default">
            Volver al inicio
          </Button>
        </Group>
      </PlaceholderPage>
    )
  }
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
