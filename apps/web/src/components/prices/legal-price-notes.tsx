import {
  finalPrice,
  priceWithoutNationalTaxes,
  unitPrice,
  type ProductTax,
  type UnitMeasure,
} from '@barrio/contracts/legal-prices'
import { Stack, Text, VisuallyHidden } from '@mantine/core'

import { formatMoney } from '@/lib/format'

type Props = {
  /** The store's price of one item, in centavos (what the API answers as `price` / `unitPrice`). */
  price: number
  unitMeasure?: UnitMeasure | null | undefined
  /** The store's taxes on the product (the answers' `taxes`). */
  taxes: readonly ProductTax[]
  /**
   * Cart and checkout lines show the store's price and add taxes in their totals: there a tax
   * added on top is also named as the final price of one item (decision 050).
   */
  showFinal?: boolean
  testId?: string
}

/**
 * What Argentine law asks beside every price (Res. 4/2025 SICyC, issue 27, decision 050), in
 * smaller type and as plain text: the price per unit of measure of the final price ("$ 4.500 x kg")
 * when the variant has a measure, and "Precio sin impuestos nacionales: $ 3.719". The figures are
 * the contracts' functions: no tax arithmetic here.
 */
export function LegalPriceNotes({ price, unitMeasure, taxes, showFinal = false, testId }: Props) {
  const final = finalPrice(price, taxes)
  const perUnit = unitPrice(final, unitMeasure, formatMoney)
  return (
    <Stack gap={0} data-testid={testId}>
      {showFinal && final !== price ? (
        <Text size="xs" c="dimmed">
          Precio final c/u con impuestos: {formatMoney(final)}
        </Text>
      ) : null}
      {perUnit ? (
        <Text size="xs" c="dimmed">
          <VisuallyHidden>Precio por unidad de medida: </VisuallyHidden>
          {perUnit.label}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Precio sin impuestos nacionales: {formatMoney(priceWithoutNationalTaxes(price, taxes))}
      </Text>
    </Stack>
  )
}
