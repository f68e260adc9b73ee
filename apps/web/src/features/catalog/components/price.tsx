import { Group, Text, VisuallyHidden, type MantineSize } from '@mantine/core'

import { formatMoney } from '@/lib/format'

export type PriceProps = {
  price: number
  compareAtPrice?: number | null
  size?: MantineSize
  /** For the product page, so end-to-end tests can find the price. */
  testId?: string
}

/** A price in pesos; a higher compare-at price shows struck through after it. */
export function Price({ price, compareAtPrice, size = 'md', testId }: PriceProps) {
  const hasDiscount = typeof compareAtPrice === 'number' && compareAtPrice > price
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text fw={700} size={size} data-testid={testId}>
        {formatMoney(price)}
      </Text>
      {hasDiscount ? (
        <Text
          size="sm"
          c="dimmed"
          td="line-through"
          data-testid={testId ? `${testId}-compare` : undefined}
        >
          <VisuallyHidden>Antes: </VisuallyHidden>
          {formatMoney(compareAtPrice)}
        </Text>
      ) : null}
    </Group>
  )
}

/** "-12%" when the compare-at price is higher. */
export function discountPercent(price: number, compareAtPrice: number | null | undefined): number {
  if (typeof compareAtPrice !== 'number' || compareAtPrice <= price || compareAtPrice <= 0) return 0
  return Math.round(((compareAtPrice - price) / compareAtPrice) * 100)
}
