import { Card, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import {
  IconBuildingStore,
  IconFolders,
  IconPackage,
  IconPlus,
  IconSettings,
  IconShirt,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'
import { Link } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { paths } from '@/config/paths'
import { SelectedStoreCard } from '@/features/seller-stores/components/store-summary-card'

const QUICK_LINKS: Array<{
  label: string
  description: string
  href: string
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
}> = [
  {
    label: 'Nuevo producto',
    description: 'Cargá un producto con fotos y variantes.',
    href: paths.admin.productNew.getHref(),
    icon: IconPlus,
  },
  {
    label: 'Productos',
    description: 'Buscá, filtrá y editá tu catálogo.',
    href: paths.admin.products.getHref(),
    icon: IconShirt,
  },
  {
    label: 'Inventario',
    description: 'Ajustá el stock de cada variante.',
    href: paths.admin.inventory.getHref(),
    icon: IconPackage,
  },
  {
    label: 'Colecciones',
    description: 'Agrupá productos para tus clientes.',
    href: paths.admin.collections.getHref(),
    icon: IconFolders,
  },
  {
    label: 'Configuración',
    description: 'Pagos, envíos, impuestos y avisos.',
    href: paths.admin.settings.getHref(),
    icon: IconSettings,
  },
  {
    label: 'Tiendas',
    description: 'Tus tiendas, horarios y datos.',
    href: paths.admin.stores.getHref(),
    icon: IconBuildingStore,
  },
]

export function AdminDashboardPage() {
  return (
    <AdminPage title="Panel" description="El resumen de tu tienda y accesos rápidos.">
      <SelectedStoreCard />
      <nav aria-label="Accesos rápidos">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {QUICK_LINKS.map(({ label, description, href, icon: Icon }) => (
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
  )
}
