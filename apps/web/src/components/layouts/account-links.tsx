import { NavLink, Paper } from '@mantine/core'
import {
  IconChevronRight,
  IconCreditCard,
  IconHelp,
  IconMapPin,
  IconReceipt,
  IconSettings,
} from '@tabler/icons-react'
import { Link } from 'react-router'

import { paths } from '@/config/paths'

const LINKS = [
  { label: 'Mis pedidos', href: paths.orders.getHref(), icon: IconReceipt },
  { label: 'Mis direcciones', href: paths.addresses.getHref(), icon: IconMapPin },
  { label: 'Medios de pago', href: paths.paymentMethods.getHref(), icon: IconCreditCard },
  { label: 'Configuración', href: paths.settings.getHref(), icon: IconSettings },
  { label: 'Ayuda', href: paths.help.getHref(), icon: IconHelp },
] as const

/**
 * The account page's menu: the pages the phone tab bar and the desktop header do not name, so
 * every customer page is reachable from "Cuenta" on any screen.
 */
export function AccountLinks() {
  return (
    <Paper component="nav" withBorder radius="md" aria-label="Tu cuenta">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {LINKS.map(({ label, href, icon: Icon }) => (
          <li key={href}>
            <NavLink
              component={Link}
              to={href}
              label={label}
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
