import { createOpenFlag } from '@/lib/open-flag'

/** Whether the cart drawer is open; the header button, "Volver a pedir" and the cart use it. */
const cartDrawer = createOpenFlag()

export const openCartDrawer = cartDrawer.open
export const closeCartDrawer = cartDrawer.close
export const useCartDrawerOpen = cartDrawer.useOpen
