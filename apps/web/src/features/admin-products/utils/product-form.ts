import {
  adminProductInputSchema,
  type AdminProduct,
  type AdminProductInput,
} from '@barrio/contracts/admin-products'

import { validateWith, type FieldErrors, type Validated } from '@/components/form/form-errors'
import {
  blankVariant,
  newVariantKey,
  usableOptions,
  type OptionDraft,
  type VariantDraft,
} from '@/features/admin-products/utils/variants'

export type ProductStatus = AdminProduct['status']

export type ProductFormValues = {
  title: string
  handle: string
  description: string
  status: ProductStatus
  collectionIds: string[]
  tags: string[]
  options: OptionDraft[]
  variants: VariantDraft[]
  /** Media ids in display order; the first is the main image. */
  mediaOrder: string[]
}

export function emptyProductValues(): ProductFormValues {
  return {
    title: '',
    handle: '',
    description: '',
    status: 'draft',
    collectionIds: [],
    tags: [],
    options: [],
    variants: [blankVariant()],
    mediaOrder: [],
  }
}

/** Media ids with the main image first, then by position. */
export function orderedMediaIds(product: Pick<AdminProduct, 'media'>): string[] {
  return [...product.media]
    .sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.position - b.position)
    .map((m) => m.mediaId)
}

export function productToValues(product: AdminProduct): ProductFormValues {
  const options: OptionDraft[] = product.options.map((name) => ({
    name,
    values: [
      ...new Set(
        product.variants.map((v) => v.options[name]).filter((v): v is string => Boolean(v)),
      ),
    ],
  }))
  return {
    title: product.title,
    handle: product.handle,
    description: product.description,
    status: product.status,
    collectionIds: [...product.collectionIds],
    tags: [...product.tags],
    options,
    variants:
      product.variants.length > 0
        ? product.variants.map((v) => ({
            key: newVariantKey(),
            _id: v._id,
            title: v.title,
            sku: v.sku ?? '',
            options: { ...v.options },
            priceCents: v.price,
            compareAtCents: v.compareAtPrice,
            stock: v.stock,
            trackInventory: v.trackInventory,
            weight: v.weight ?? '',
            measureUnit: v.unitMeasure?.unit ?? '',
            measureQuantity: v.unitMeasure?.quantity ?? '',
          }))
        : [blankVariant()],
    mediaOrder: orderedMediaIds(product),
  }
}

/**
 * The variant's unit of measure as the API takes it: null when neither part was given; a part
 * left out is sent missing so the contract names it ("Ingresá la cantidad").
 */
function unitMeasureOf(v: VariantDraft) {
  if (v.measureUnit === '' && v.measureQuantity === '') return null
  return {
    ...(v.measureUnit === '' ? {} : { unit: v.measureUnit }),
    ...(v.measureQuantity === '' ? {} : { quantity: v.measureQuantity }),
  }
}

/** The request body (prices already in centavos). */
export function valuesToInput(values: ProductFormValues, id?: string): Record<string, unknown> {
  const options = usableOptions(values.options).map((o) => o.name)
  return {
    ...(id ? { _id: id } : {}),
    title: values.title,
    ...(values.handle.trim() ? { handle: values.handle } : {}),
    description: values.description,
    status: values.status,
    collectionIds: values.collectionIds,
    tags: values.tags,
    options,
    variants: values.variants.map((v) => ({
      ...(v._id ? { _id: v._id } : {}),
      title: v.title,
      sku: v.sku.trim() === '' ? null : v.sku,
      options: Object.fromEntries(options.map((name) => [name, v.options[name] ?? ''])),
      price: v.priceCents ?? undefined,
      compareAtPrice: v.compareAtCents,
      stock: v.stock === '' ? 0 : v.stock,
      trackInventory: v.trackInventory,
      weight: v.weight === '' ? null : v.weight,
      unitMeasure: unitMeasureOf(v),
    })),
    mediaOrder: values.mediaOrder,
  }
}

export function validateProductValues(
  values: ProductFormValues,
  id?: string,
): Validated<AdminProductInput> {
  const extra: FieldErrors = {}
  values.variants.forEach((v, index) => {
    if (v.priceCents === null) extra[`variants.${index}.price`] = 'Ingresá el precio'
    if (v.compareAtCents !== null && v.priceCents !== null && v.compareAtCents <= v.priceCents) {
      extra[`variants.${index}.compareAtPrice`] = 'El precio de lista debe ser mayor al precio'
    }
  })
  values.options.forEach((o, index) => {
    const named = o.name.trim() !== ''
    if (!named && o.values.length > 0) extra[`options.${index}`] = 'Poné un nombre a la opción'
    if (named && o.values.length === 0)
      extra[`options.${index}.values`] = 'Agregá al menos un valor'
  })
  const names = values.options.map((o) => o.name.trim().toLowerCase()).filter(Boolean)
  if (new Set(names).size !== names.length)
    extra.options = 'Las opciones deben tener nombres distintos'

  const result = validateWith(adminProductInputSchema, valuesToInput(values, id))
  const errors = { ...(result.success ? {} : result.errors), ...extra }
  if (!result.success || Object.keys(extra).length > 0) return { success: false, errors }
  return result
}
