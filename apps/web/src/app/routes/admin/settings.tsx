import { Card, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import {
  IconBell,
  IconBuildingStore,
  IconCreditCard,
  IconReceiptTax,
  IconTruckDelivery,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'
import { Link } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { LoadingState } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { NotificationsSettings } from '@/features/admin-settings/components/notifications-form'
import { MercadoPagoConnectionSection } from '@/features/admin-settings/components/mercado-pago-connection'
import { PaymentMethodsSettings } from '@/features/admin-settings/components/payment-methods-settings'
import { PaymentRulesForm } from '@/features/admin-settings/components/payment-rules-form'
import { ShippingSettings } from '@/features/admin-settings/components/shipping-form'
import { FiscalSection } from '@/features/admin-settings/components/fiscal-section'
import { TaxesSettings } from '@/features/admin-settings/components/taxes-settings'
import { StoreEditor } from '@/features/admin-stores/components/store-editor'
import { useAppStore } from '@/lib/app-store'
import { PermissionGate } from '@/lib/store-role'

/** The spec's "Envios / Logistica" stays the document title; people read it accented (decision 035). */
const SHIPPING_HEADING = 'Envíos / Logística'

const SECTIONS: Array<{
  label: string
  description: string
  href: string
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
}> = [
  {
    label: 'Información de la tienda',
    description: 'Nombre, dirección, ubicación, horarios y formas de entrega.',
    href: paths.admin.settingsInfo.getHref(),
    icon: IconBuildingStore,
  },
  {
    label: 'Notificaciones',
    description: 'Qué avisos recibís por correo y en el celular.',
    href: paths.admin.settingsNotifications.getHref(),
    icon: IconBell,
  },
  {
    label: 'Medios de pago',
    description: 'Transferencia, efectivo, Mercado Pago y más.',
    href: paths.admin.settingsPaymentMethods.getHref(),
    icon: IconCreditCard,
  },
  {
    label: SHIPPING_HEADING,
    description: 'Retiro en tienda, entrega a domicilio y envíos por provincia.',
    href: paths.admin.settingsShipping.getHref(),
    icon: IconTruckDelivery,
  },
  {
    label: 'Impuestos',
    description: 'IVA, otras alícuotas y factura electrónica (ARCA).',
    href: paths.admin.settingsTaxes.getHref(),
    icon: IconReceiptTax,
  },
]

const backToSettings = { href: paths.admin.settings.getHref(), label: 'Configuración' }

export function AdminSettingsPage() {
  return (
    <PermissionGate permission="settings">
      <AdminPage title="Configuración" description="Ajustes de la tienda seleccionada.">
        <nav aria-label="Secciones de configuración">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {SECTIONS.map(({ label, description, href, icon: Icon }) => (
              <UnstyledButton key={href} component={Link} to={href} aria-label={label}>
                <Card withBorder padding="md" h="100%">
                  <Stack gap={6}>
                    <ThemeIcon variant="light" size="lg" radius="md">
                      <Icon size={20} aria-hidden />
                    </ThemeIcon>
                    <Text fw={600}>{label}</Text>
                    <Text size="sm" c="dimmed">
                      {description}
                    </Text>
                  </Stack>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </nav>
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminSettingsInfoPage() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return (
    <PermissionGate permission="settings">
      <AdminPage
        title="Información de la tienda"
        description="Los datos de la tienda seleccionada, tal como los ven tus clientes."
        back={backToSettings}
      >
        {storeId ? (
          <StoreEditor key={storeId} storeId={storeId} allowDelete={false} />
        ) : (
          <LoadingState label="Cargando tu tienda…" />
        )}
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminSettingsNotificationsPage() {
  return (
    <PermissionGate permission="settings">
      <AdminPage
        title="Notificaciones"
        description="Elegí qué avisos recibís por correo y en el celular."
        back={backToSettings}
      >
        <NotificationsSettings />
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminSettingsPaymentMethodsPage() {
  return (
    <PermissionGate permission="payments">
      <AdminPage
        title="Medios de pago"
        description="Los medios de pago que acepta tu tienda y sus datos."
        back={backToSettings}
      >
        <Stack gap="lg">
          <MercadoPagoConnectionSection />
          <PaymentMethodsSettings />
          <PaymentRulesForm />
        </Stack>
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminSettingsShippingPage() {
  return (
    <PermissionGate permission="settings">
      <AdminPage
        title="Envios / Logistica"
        heading={SHIPPING_HEADING}
        description="Retiro en tienda, entrega a domicilio y envíos a otras provincias."
        back={backToSettings}
      >
        <ShippingSettings />
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminSettingsTaxesPage() {
  return (
    <PermissionGate permission="settings">
      <AdminPage
        title="Impuestos"
        description="Las alícuotas que se aplican a tus ventas y tus datos para facturar con ARCA."
        back={backToSettings}
      >
        <Stack gap="xl">
          <TaxesSettings />
          <FiscalSection />
        </Stack>
      </AdminPage>
    </PermissionGate>
  )
}
