import { NavLink, Paper } from '@mantine/core'
import {
  IconArrowBackUp,
  IconBuildingStore,
  IconChevronRight,
  IconCreditCard,
  IconHelp,
  IconMapPin,
  IconReceipt,
  IconSettings,
  IconShoppingBag,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'
import { Link } from 'react-router'

import { paths } from '@/config/paths'
import { canUseAppType, useAppStore } from '@/lib/app-store'
import { appTypeSwitchLink, isCustomerOnlyRoute } from '@/lib/routing-rules'

type AccountLink = {
  label: string
  description?: string
  href: string
  state?: unknown
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
}

const LINKS: AccountLink[] = [
  { label: 'Mis pedidos', href: paths.orders.getHref(), icon: IconReceipt },
  { label: 'Mis direcciones', href: paths.addresses.getHref(), icon: IconMapPin },
  { label: 'Medios de pago', href: paths.paymentMethods.getHref(), icon: IconCreditCard },
  { label: 'Configuración', href: paths.settings.getHref(), icon: IconSettings },
  { label: 'Ayuda', href: paths.help.getHref(), icon: IconHelp },
  // Res. 424/2020 SCI (issue 27): also the native app's way to it, which has no footer.
  {
    label: 'Botón de arrepentimiento',
    href: paths.withdrawal.getHref(),
    icon: IconArrowBackUp,
  },
]

const toCustomerApp = appTypeSwitchLink('customer')
const toSellerApp = appTypeSwitchLink('admin')

/** Decision 036: a seller switches app from here; the seller app lists only pages it may open. */
const SHOP_AS_CUSTOMER: AccountLink = {
  label: 'Comprar como cliente',
  description: 'Tus pedidos, direcciones y medios de pago',
  href: toCustomerApp.to,
  state: toCustomerApp.state,
  icon: IconShoppingBag,
}
const GO_TO_MY_SHOP: AccountLink = {
  label: 'Ir a mi tienda',
  description: 'Panel de vendedor',
  href: toSellerApp.to,
  state: toSellerApp.state,
  icon: IconBuildingStore,
}

function useAccountLinks(): AccountLink[] {
  const appType = useAppStore((s) => s.appType)
  const isSeller = useAppStore((s) => canUseAppType(s.user, 'admin'))
  if (appType === 'admin')
    return [SHOP_AS_CUSTOMER, ...LINKS.filter(({ href }) => !isCustomerOnlyRoute(href))]
  return isSeller ? [GO_TO_MY_SHOP, ...LINKS] : LINKS
}

/**
 * The account page's menu: the pages the phone tab bar and the desktop header do not name, so
 * every customer page is reachable from "Cuenta" on any screen. In the seller app the shopping
 * pages give way to "Comprar como cliente"; a seller in the customer app gets "Ir a mi tienda".
 */
export function AccountLinks() {
  const links = useAccountLinks()
  return (
    <Paper component="nav" withBorder radius="md" aria-label="Tu cuenta">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {links.map(({ label, description, href, state, icon: Icon }) => (
          <li key={label}>
            <NavLink
              component={Link}
              to={href}
              state={state}
              label={label}
              description={description}
              leftSection={<Icon size={20} aria-hidden />}
              rightSection={<IconChevronRight size={16} aria-hidden />}
              py="sm"
            />
          </li>
        ))}
      </ul>
    </Paper>
  )
}
