const ars = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
})

/** Integer centavos as es-AR pesos for server-written texts (emails, messages): 150000 -> "$ 1.500". */
export function formatArs(cents: number): string {
  return ars.format(cents / 100)
}
