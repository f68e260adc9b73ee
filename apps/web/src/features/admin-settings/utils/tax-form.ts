import {
  taxSettingInputSchema,
  type TaxSetting,
  type TaxSettingInput,
} from '@barrio/contracts/admin-settings'

import { validateWith, type Validated } from '@/components/form/form-errors'
import { toNumber, type NumberFieldValue } from '@/components/admin/numbers'

export const TAX_PRESETS = [
  { value: 'iva21', label: 'IVA 21 %', name: 'IVA 21 %', rate: 21 },
  { value: 'iva105', label: 'IVA 10,5 %', name: 'IVA 10,5 %', rate: 10.5 },
  { value: 'custom', label: 'Personalizado', name: '', rate: null },
] as const
export type PresetValue = (typeof TAX_PRESETS)[number]['value']

export type TaxFormValues = {
  preset: PresetValue
  name: string
  rate: NumberFieldValue
  appliesTo: 'all' | 'collections'
  collectionIds: string[]
  included: boolean
}

function presetOf(tax: Pick<TaxSetting, 'name' | 'rate'>): PresetValue {
  return TAX_PRESETS.find((p) => p.rate === tax.rate && p.name === tax.name)?.value ?? 'custom'
}

/** A saved tax as form values; IVA 21 % on everything, included in prices, for a new one. */
export function taxToValues(tax?: TaxSetting): TaxFormValues {
  if (!tax) {
    return {
      preset: 'iva21',
      name: 'IVA 21 %',
      rate: 21,
      appliesTo: 'all',
      collectionIds: [],
      included: true,
    }
  }
  return {
    preset: presetOf(tax),
    name: tax.name,
    rate: tax.rate,
    appliesTo: tax.appliesTo,
    collectionIds: [...tax.collectionIds],
    included: tax.included,
  }
}

/** Picking a preset fills name and rate; "Personalizado" keeps what was typed. */
export function applyPreset(values: TaxFormValues, value: string | null): Partial<TaxFormValues> {
  const preset = TAX_PRESETS.find((p) => p.value === value) ?? TAX_PRESETS[2]
  return {
    preset: preset.value,
    name: preset.value === 'custom' ? (values.preset === 'custom' ? values.name : '') : preset.name,
    rate: preset.rate ?? (values.preset === 'custom' ? values.rate : ''),
  }
}

export function validateTax(values: TaxFormValues): Validated<TaxSettingInput> {
  return validateWith(taxSettingInputSchema, {
    name: values.name,
    rate: toNumber(values.rate),
    appliesTo: values.appliesTo,
    collectionIds: values.appliesTo === 'collections' ? values.collectionIds : [],
    included: values.included,
  })
}
