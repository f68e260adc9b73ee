import type { MeasureUnit } from '@barrio/contracts/legal-prices'

/** One option of a product (Talle, Color) with its values. Up to 3. */
export type OptionDraft = { name: string; values: string[] }

export const MAX_OPTIONS = 3
export const MAX_VARIANTS = 100

/** A row of the variants grid. Money in centavos; empty numeric inputs are ''. */
export type VariantDraft = {
  /** Stable React key. */
  key: string
  _id?: string
  title: string
  sku: string
  options: Record<string, string>
  priceCents: number | null
  compareAtCents: number | null
  stock: number | ''
  trackInventory: boolean
  weight: number | ''
  /** What the price buys, for the price per unit customers see (issue 27); '' when not given. */
  measureUnit: MeasureUnit | ''
  measureQuantity: number | ''
}

/** Options that take part in the combinations: a name and at least one value. */
export function usableOptions(options: OptionDraft[]): OptionDraft[] {
  return options
    .map((o) => ({
      name: o.name.trim(),
      values: [...new Set(o.values.map((v) => v.trim()).filter(Boolean))],
    }))
    .filter((o) => o.name !== '' && o.values.length > 0)
}

/** Every combination of option values, in option order: [{Talle:'S',Color:'Rojo'}, ...]. */
export function combinations(options: OptionDraft[]): Record<string, string>[] {
  return usableOptions(options).reduce<Record<string, string>[]>(
    (combos, option) =>
      combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  )
}

export function countCombinations(options: OptionDraft[]): number {
  return usableOptions(options).reduce((total, o) => total * o.values.length, 1)
}

function comboKey(combo: Record<string, string>, names: string[]): string {
  return JSON.stringify(names.map((name) => combo[name] ?? null))
}

function agrees(existing: Record<string, string>, combo: Record<string, string>): boolean {
  return Object.entries(existing).every(
    ([name, value]) => !(name in combo) || combo[name] === value,
  )
}

let keySeq = 0
export function newVariantKey(): string {
  keySeq += 1
  return `v${keySeq}`
}

export function blankVariant(template?: VariantDraft): VariantDraft {
  return {
    key: newVariantKey(),
    title: '',
    sku: '',
    options: {},
    priceCents: template?.priceCents ?? null,
    compareAtCents: template?.compareAtCents ?? null,
    stock: 0,
    trackInventory: template?.trackInventory ?? true,
    weight: template?.weight ?? '',
    measureUnit: template?.measureUnit ?? '',
    measureQuantity: '',
  }
}

/**
 * The variants grid for a set of options: one row per combination (one default row without
 * options). A row whose values still exist keeps its id, SKU, price and stock; when an option is
 * added or removed, the closest old row is reused once; new rows copy the first row's price.
 */
export function buildVariants(options: OptionDraft[], existing: VariantDraft[]): VariantDraft[] {
  const names = usableOptions(options).map((o) => o.name)
  const combos = combinations(options).slice(0, MAX_VARIANTS)
  const template = existing[0]
  const used = new Set<VariantDraft>()

  const exact = new Map<string, VariantDraft>()
  for (const variant of existing) {
    const key = comboKey(variant.options, names)
    if (!exact.has(key) && Object.keys(variant.options).every((n) => names.includes(n))) {
      exact.set(key, variant)
    }
  }

  type Row = { combo: Record<string, string>; title: string; variant?: VariantDraft }
  const rows: Row[] = combos.map((combo) => {
    const title = names.map((name) => combo[name]).join(' / ')
    const match = exact.get(comboKey(combo, names))
    if (match && !used.has(match)) {
      used.add(match)
      return { combo, title, variant: match }
    }
    return { combo, title }
  })

  return rows.map(({ combo, title, variant }) => {
    const reuse = variant ?? existing.find((v) => !used.has(v) && agrees(v.options, combo))
    if (reuse) {
      used.add(reuse)
      return { ...reuse, options: combo, title }
    }
    return { ...blankVariant(template), options: combo, title }
  })
}
