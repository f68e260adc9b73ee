import type { CheckoutSummary, DeliveryOption } from '@barrio/contracts/checkout'

import { formatMoney, formatPercent } from '@/lib/format'

/** "IVA 21 %", "Ingresos brutos 3,5 % (incluido)". */
export function taxLineLabel(line: CheckoutSummary['taxLines'][number]): string {
  return `${line.name} ${formatPercent(line.rate)}${line.included ? ' (incluido)' : ''}`
}

/** A delivery fee: 'Gratis' when free, else the amount. */
export function deliveryFeeLabel(option: Pick<DeliveryOption, 'fee' | 'isFree'>): string {
  return option.isFree || option.fee === 0 ? 'Gratis' : formatMoney(option.fee)
}
