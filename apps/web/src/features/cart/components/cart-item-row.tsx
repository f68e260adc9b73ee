import { customerVariantTitle } from '@barrio/contracts/labels-es'
import type { CartItem } from '@barrio/contracts/cart'
import { ActionIcon, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react'

import { LegalPriceNotes } from '@/components/prices/legal-price-notes'
import { formatMoney, plural, pluralWord } from '@/lib/format'

import classes from './cart.module.css'

export type CartItemRowProps = {
  item: CartItem
  onQuantityChange: (quantity: number) => void
  onRemove: () => void
}

/** One line of the cart: photo, product, variant, unit price, a quantity stepper and "Quitar". */
export function CartItemRow({ item, onQuantityChange, onRemove }: CartItemRowProps) {
  const atMax = item.stock !== null && item.quantity >= item.stock
  return (
    <li className={classes.item} aria-label={item.title}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {item.imageUrl ? (
          <img className={classes.thumb} src={item.imageUrl} alt="" loading="lazy" />
        ) : (
          <div className={classes.thumb} aria-hidden />
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fw={600} size="sm" lineClamp={2}>
              {item.title}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size={32}
              aria-label={`Quitar ${item.title}`}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
          {customerVariantTitle(item.variantTitle) ? (
            <Text size="xs" c="dimmed">
              {item.variantTitle}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {formatMoney(item.unitPrice)} c/u
          </Text>
          <LegalPriceNotes
            price={item.unitPrice}
            unitMeasure={item.unitMeasure}
            taxes={item.taxes ?? []}
            showFinal
          />
          {!item.isAvailable ? (
            <Text size="xs" c="red">
              {item.stock
                ? `${pluralWord(item.stock, 'Queda', 'Quedan')} ${plural(item.stock, 'unidad', 'unidades')}`
                : 'Sin stock'}
            </Text>
          ) : null}
          <Group justify="space-between" wrap="nowrap" mt={4}>
            <Group gap={4} wrap="nowrap" role="group" aria-label={`Cantidad de ${item.title}`}>
              <ActionIcon
                variant="default"
                size={32}
                aria-label={`Restar uno de ${item.title}`}
                onClick={() => onQuantityChange(item.quantity - 1)}
              >
                <IconMinus size={14} aria-hidden />
              </ActionIcon>
              <Text w={32} ta="center" fw={600} aria-live="polite" data-testid="cart-item-quantity">
                <VisuallyHidden>Cantidad: </VisuallyHidden>
                {item.quantity}
              </Text>
              <ActionIcon
                variant="default"
                size={32}
                aria-label={`Sumar uno de ${item.title}`}
                disabled={atMax}
                onClick={() => onQuantityChange(item.quantity + 1)}
              >
                <IconPlus size={14} aria-hidden />
              </ActionIcon>
            </Group>
            <Text fw={600} size="sm">
              {formatMoney(item.lineTotal)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </li>
  )
}
