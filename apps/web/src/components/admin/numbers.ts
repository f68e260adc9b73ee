/**
 * What a Mantine NumberInput hands back: a number, or a string while the value is incomplete
 * ('' when empty, '-' or '1.' mid-typing). Forms keep it as is so typing is never interrupted.
 */
export type NumberFieldValue = number | string

/** The number in a NumberInput value, or undefined when there is none (yet). */
export function toNumber(value: NumberFieldValue | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (value === null || value === undefined) return undefined
  const text = value.replace(/\s/g, '')
  if (text === '' || text === '-') return undefined
  const number = Number(text.replace(',', '.'))
  return Number.isFinite(number) ? number : undefined
}
