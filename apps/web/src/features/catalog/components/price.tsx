import { finalPrice, type ProductTax, type UnitMeasure } from '@barrio/contracts/legal-prices'
import { Group, Stack, Text, VisuallyHidden, type MantineSize } from '@mantine/core'

import { LegalPriceNotes } from '@/components/prices/legal-price-notes'
import { formatMoney } from '@/lib/format'

export type PriceProps = {
  price: number
  compareAtPrice?: number | null
  size?: MantineSize
  /** For the product page, so end-to-end tests can find the price. */
  testId?: string
  /**
   * The store's taxes on the product: the price shown is then the final one (a tax the store adds
   * on top included) with the legal notes under it (decision 050).
   */
  taxes?: readonly ProductTax[]
  unitMeasure?: UnitMeasure | null
}

/**
 * A price in pesos; a higher compare-at price shows struck through after it. Given the product's
 * taxes, the final price with the price per unit and without national taxes under it.
 */
export function Price({
  price,
  compareAtPrice,
  size = 'md',
  testId,
  taxes,
  unitMeasure,
}: PriceProps) {
  if (!taxes)
    return <PriceLine price={price} compareAtPrice={compareAtPrice} size={size} testId={testId} />
  return (
    <Stack gap={2}>
      <PriceLine
        price={finalPrice(price, taxes)}
        compareAtPrice={
          typeof compareAtPrice === 'number' ? finalPrice(compareAtPrice, taxes) : null
        }
        size={size}
        testId={testId}
      />
      <LegalPriceNotes
        price={price}
        unitMeasure={unitMeasure}
        taxes={taxes}
        testId={testId ? `${testId}-notes` : undefined}
      />
    </Stack>
  )
}

function PriceLine({ price, compareAtPrice, size = 'md', testId }: PriceProps) {
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
