import { Indicator } from '@mantine/core'
import { IconShoppingCart } from '@tabler/icons-react'

import { BottomNavButton } from '@/components/layouts/bottom-nav'
import { useCart } from '@/features/cart/api/use-cart'
import { countLabel } from '@/features/cart/utils/cart-items'
import { openCartDrawer, useCartDrawerOpen } from '@/features/cart/utils/cart-drawer-store'

/**
 * The phone tab bar's "Carrito": opens the same drawer as the header's cart button (which
 * renders the drawer and is hidden on phones, so one of the two is ever on screen).
 */
export function CartTab() {
  const { cart } = useCart()
  const opened = useCartDrawerOpen()
  const count = cart?.itemCount ?? 0
  return (
    <BottomNavButton
      label="Carrito"
      accessibleLabel={`Carrito, ${countLabel(count)}`}
      aria-haspopup="dialog"
      aria-expanded={opened}
      onClick={openCartDrawer}
      icon={
        // A dot, not the number: a shown count would be text missing from the tab's name
        // (axe: label in name); the name says how many.
        <Indicator
          size={10}
          offset={2}
          disabled={count === 0}
          inline
          attributes={{ indicator: { 'aria-hidden': 'true' } }}
        >
          <IconShoppingCart size={22} aria-hidden stroke={1.8} />
        </Indicator>
      }
    />
  )
}
