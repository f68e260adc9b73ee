import { storeWhatsAppLink } from '@barrio/contracts/whatsapp'
import { Anchor, Group } from '@mantine/core'
import { IconBrandWhatsapp } from '@tabler/icons-react'

export const WHATSAPP_CONTACT_LABEL = 'Consultá por WhatsApp'

/**
 * "Consultá por WhatsApp" on the shop and product pages (decision 052): wa.me with a text naming
 * the shop, or the product; nothing when the shop left no WhatsApp.
 */
export function WhatsAppContact({
  store,
  productTitle,
}: {
  store: { name: string; whatsapp?: string | null | undefined }
  productTitle?: string
}) {
  const href = storeWhatsAppLink({ whatsapp: store.whatsapp, name: store.name, productTitle })
  if (!href) return null
  return (
    <Group gap={6} wrap="nowrap">
      <IconBrandWhatsapp size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
        {WHATSAPP_CONTACT_LABEL}
      </Anchor>
    </Group>
  )
}
