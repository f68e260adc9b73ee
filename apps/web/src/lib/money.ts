import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '@barrio/contracts/constants'

const formats = new Map<boolean, Intl.NumberFormat>()

function moneyFormat(whole: boolean): Intl.NumberFormat {
  let format = formats.get(whole)
  if (!format) {
    const digits = whole ? 0 : 2
    format = new Intl.NumberFormat(DEFAULT_LOCALE, {
      style: 'currency',
      currency: DEFAULT_CURRENCY,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    formats.set(whole, format)
  }
  return format
}

/**
 * Spec section 9: money in es-AR ARS. Amounts are integer centavos; decimals show only when the
 * amount is not a whole number of pesos ("$ 24.000", "$ 1.234,50"; the space is a no-break space).
 */
export function formatMoney(centavos: number): string {
  return moneyFormat(centavos % 100 === 0).format(centavos / 100)
}
