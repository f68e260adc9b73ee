import { Alert, Button, Grid, Skeleton, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps'
import { paths } from '@/config/paths'
import { openLoginModal } from '@/lib/app-store'
import { isApiError } from '@/lib/http/api-error'

/**
 * The page's shape while the checkout loads: the steps indicator at its place (the step the page
 * shows once loaded, when known), so nothing moves when the summary arrives (Lighthouse CLS).
 */
export function CheckoutLoading({ step = 0 }: { step?: number }) {
  // On a phone the loaded checkout is taller than the screen: so is its loading state, so that the
  // footer stays below the fold rather than showing and then jumping down (CLS 0.06, issue 29).
  return (
    <Stack gap="lg" mih={{ base: '100dvh', md: 0 }}>
      <CheckoutSteps active={step} />
      <CheckoutLoadingGrid />
    </Stack>
  )
}

function CheckoutLoadingGrid() {
  return (
    <Grid gap="xl" role="group" aria-busy="true" aria-label="Cargando tu compra">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <Skeleton height={36} />
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton height={220} radius="md" />
      </Grid.Col>
    </Grid>
  )
}

/** Why the checkout cannot be shown: signed out, not found (or not yours), or a failure. */
export function CheckoutError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.statusCode === 401) {
    return (
      <Alert color="yellow" variant="light" title="Iniciá sesión para seguir con tu compra">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Tu carrito te espera: entrá a tu cuenta y seguimos desde acá.</Text>
          <Button size="xs" onClick={() => openLoginModal('login')}>
            Iniciar sesión
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (isApiError(error) && error.statusCode === 404) {
    return (
      <Alert color="gray" variant="light" title="No encontramos esta compra">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Puede que ya la hayas confirmado o que el enlace esté incompleto.</Text>
          <Button size="xs" variant="light" component={Link} to={paths.orders.getHref()}>
            Ver mis pedidos
          </Button>
        </Stack>
      </Alert>
    )
  }
  return <ErrorState title="No pudimos cargar tu compra" error={error} onRetry={onRetry} />
}
