import {
  Anchor,
  Button,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
} from '@mantine/core'
import { IconShoppingBag } from '@tabler/icons-react'
import { useEffect } from 'react'
import { Link } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { useCart } from '@/features/cart/api/use-cart'
import { useStartCheckout } from '@/features/cart/api/start-checkout'
import { CartItemRow } from '@/features/cart/components/cart-item-row'
import { closeCartDrawer, useCartDrawerOpen } from '@/features/cart/utils/cart-drawer-store'
import { paths } from '@/config/paths'
import { formatMoney } from '@/lib/format'

import classes from './cart.module.css'
import { useScreen } from '@/lib/use-screen'

export const CART_TITLE = 'Tu carrito'
export const CHECKOUT_BUTTON_LABEL = 'Ir a pagar'
export const EMPTY_CART_TEXT = 'Tu carrito está vacío'

function EmptyCart() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconShoppingBag size={28} />
      </ThemeIcon>
      <Text fw={600}>{EMPTY_CART_TEXT}</Text>
      <Text size="sm" c="dimmed">
        Sumá productos de los comercios de tu barrio.
      </Text>
      <Button component={Link} to={paths.shops.getHref()} onClick={closeCartDrawer} variant="light">
        Ver comercios
      </Button>
    </Stack>
  )
}

/**
 * The cart drawer (right side; the whole width on a phone): the shop, the items with a quantity
 * stepper, a note for the shop, the subtotal and "Ir a pagar".
 */
export function CartDrawer() {
  const opened = useCartDrawerOpen()
  const { cart, controller, isLoading, isError } = useCart()
  const { start, isPending } = useStartCheckout()
  const isNarrow = useScreen('(max-width: 30em)')

  // The start-up load may have failed (or not run yet): opening the cart asks again.
  useEffect(() => {
    if (opened && !cart) void controller.load()
    // Only when it opens; the controller de-duplicates loads in flight.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened])

  const items = cart?.items ?? []

  return (
    <Drawer
      opened={opened}
      onClose={closeCartDrawer}
      position="right"
      size={isNarrow ? '100%' : 420}
      title={
        <Text fw={700} size="lg" component="span">
          {CART_TITLE}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar el carrito' }}
      classNames={{ body: classes.body }}
    >
      {!cart && (isLoading || !isError) ? (
        <Stack gap="sm" role="group" aria-busy="true" aria-label="Cargando tu carrito">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : !cart ? (
        <ErrorState
          title="No pudimos cargar tu carrito"
          message="Revisá tu conexión e intentá nuevamente."
          onRetry={() => void controller.load()}
        />
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          <Stack gap="xs">
            {cart.store ? (
              <Text size="sm">
                Comprás en{' '}
                <Anchor
                  component={Link}
                  to={paths.shop.getHref(cart.store.handle)}
                  onClick={closeCartDrawer}
                  fw={600}
                >
                  {cart.store.name}
                </Anchor>
              </Text>
            ) : null}
            <ul className={classes.itemList} aria-label="Productos en tu carrito">
              {items.map((item) => (
                <CartItemRow
                  key={item.variantId}
                  item={item}
                  onQuantityChange={(quantity) => controller.setQuantity(item.variantId, quantity)}
                  onRemove={() => controller.removeItem(item.variantId)}
                />
              ))}
            </ul>
            <Textarea
              label="Nota para el comercio"
              placeholder="Ej.: sin cebolla, tocar timbre 2B"
              autosize
              minRows={2}
              maxRows={5}
              maxLength={500}
              value={cart.note}
              onChange={(event) => controller.setNote(event.currentTarget.value)}
            />
          </Stack>
          <Stack gap="xs" className={classes.footer} mt="md">
            <Group justify="space-between">
              <Text fw={600}>Subtotal</Text>
              <Text fw={700} data-testid="cart-subtotal">
                {formatMoney(cart.totalPrice)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              El envío y los impuestos se calculan al pagar.
            </Text>
            <Button size="md" fullWidth loading={isPending} onClick={() => void start()}>
              {CHECKOUT_BUTTON_LABEL}
            </Button>
          </Stack>
        </>
      )}
    </Drawer>
  )
}
