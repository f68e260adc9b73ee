import { NumberInput, type NumberInputProps } from '@mantine/core'

import { centsToPesos, pesosToCents } from '@/components/admin/money'

export type MoneyInputProps = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'decimalSeparator' | 'thousandSeparator' | 'decimalScale'
> & {
  /** Integer centavos, or null when empty. */
  valueCents: number | null
  onChangeCents: (cents: number | null) => void
}

/**
 * A peso amount typed the Argentine way (1.500,50) and handed back as integer centavos (150050).
 */
export function MoneyInput({ valueCents, onChangeCents, ...props }: MoneyInputProps) {
  return (
    <NumberInput
      prefix="$ "
      decimalSeparator=","
      thousandSeparator="."
      allowedDecimalSeparators={[',']}
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...props}
      value={centsToPesos(valueCents)}
      onChange={(value) => onChangeCents(pesosToCents(value))}
    />
  )
}
