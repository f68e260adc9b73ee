/** Pesos as typed by the seller (1500.5) to integer centavos (150050). Empty stays null. */
export function pesosToCents(pesos: number | string | null | undefined): number | null {
  if (pesos === null || pesos === undefined || pesos === '') return null
  const value = typeof pesos === 'number' ? pesos : Number(String(pesos).replace(',', '.'))
  if (!Number.isFinite(value)) return null
  return Math.round(value * 100)
}

/** Integer centavos to pesos for an input (150050 -> 1500.5). */
export function centsToPesos(cents: number | null | undefined): number | '' {
  if (cents === null || cents === undefined) return ''
  return cents / 100
}
