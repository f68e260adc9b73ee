import { Box, Button, Indicator } from '@mantine/core'
import { IconShoppingCart } from '@tabler/icons-react'

import { useCart } from '@/features/cart/api/use-cart'
import { countLabel } from '@/features/cart/utils/cart-items'
import { openCartDrawer, useCartDrawerOpen } from '@/features/cart/utils/cart-drawer-store'
import { useAppStore } from '@/lib/app-store'
import { lazyOnOpen } from '@/lib/lazy-on-open'

const CartDrawer = lazyOnOpen(() =>
  import('@/features/cart/components/cart-drawer').then((m) => m.CartDrawer),
)

/**
 * The header's "Carrito" button with the number of products, which opens the cart drawer.
 * Admins do not use a cart (spec section 6), so it renders nothing for them.
 */
export function CartButton({
  phoneHidden = false,
}: {
  /** Below md the tab bar's cart tab stands in for the button (the drawer stays here). */
  phoneHidden?: boolean
} = {}) {
  const isAdmin = useAppStore((s) => s.appType === 'admin')
  const { cart } = useCart()
  const opened = useCartDrawerOpen()
  if (isAdmin) return null
  const count = cart?.itemCount ?? 0
  return (
    <>
      <Indicator
        label={count > 99 ? '99+' : count}
        size={18}
        offset={4}
        disabled={count === 0}
        color="green"
        inline
        visibleFrom={phoneHidden ? 'md' : undefined}
        // The count is already in the button's label.
        attributes={{ indicator: { 'aria-hidden': 'true', 'data-testid': 'cart-count' } }}
      >
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          aria-label={`Carrito, ${countLabel(count)}`}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={openCartDrawer}
        >
          <IconShoppingCart size={20} aria-hidden />
          <Box component="span" visibleFrom="sm" ml={6}>
            Carrito
          </Box>
        </Button>
      </Indicator>
      <CartDrawer open={opened} />
    </>
  )
}
