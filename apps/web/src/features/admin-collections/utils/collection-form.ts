import {
  adminCollectionInputSchema,
  type AdminCollection,
  type AdminCollectionInput,
} from '@barrio/contracts/admin-collections'

import { validateWith, type Validated } from '@/components/form/form-errors'

export type CollectionFormValues = {
  title: string
  handle: string
  description: string
  imageUrl: string
  /** Member products in display order. */
  productIds: string[]
}

export function collectionToValues(collection?: AdminCollection): CollectionFormValues {
  return {
    title: collection?.title ?? '',
    handle: collection?.handle ?? '',
    description: collection?.description ?? '',
    imageUrl: collection?.imageUrl ?? '',
    productIds: [...(collection?.productIds ?? [])],
  }
}

/** The request body through the contract; an edit keeps the collection's position. */
export function validateCollection(
  values: CollectionFormValues,
  position?: number,
): Validated<AdminCollectionInput> {
  return validateWith(adminCollectionInputSchema, {
    title: values.title,
    ...(values.handle.trim() ? { handle: values.handle } : {}),
    description: values.description,
    imageUrl: values.imageUrl.trim() === '' ? null : values.imageUrl.trim(),
    productIds: values.productIds,
    ...(position !== undefined ? { position } : {}),
  })
}
