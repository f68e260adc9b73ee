import {
  moderationReasonInputSchema,
  type ModerationReasonInput,
  type OperatorProductModeration,
  type OperatorStoreProduct,
} from '@barrio/contracts/operator'
import { Textarea } from '@mantine/core'

import { useHideProduct } from '@/api/operator/stores/store-products'
import { AppForm } from '@/components/form/app-form'
import { validateWith } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'

export const HIDE_LABEL = 'Ocultar'
export const HIDE_REASON_LABEL = 'Motivo'

/**
 * Why a product is hidden (3–500 characters): its store reads it beside the product; customers
 * stop seeing it at once.
 */
export function HideProductForm({
  product,
  onDone,
  onCancel,
}: {
  product: OperatorStoreProduct
  onDone: () => void
  onCancel: () => void
}) {
  const hiding = useHideProduct()
  const appForm = useAppForm<{ reason: string }, ModerationReasonInput, OperatorProductModeration>({
    mode: 'submit',
    initialValues: { reason: '' },
    validate: (values) => validateWith(moderationReasonInputSchema, values),
    mutation: {
      mutateAsync: (input) => hiding.mutateAsync({ id: product._id, input }),
      isPending: hiding.isPending,
    },
    successMessage: `Ocultaste ${product.title}.`,
    onSaved: onDone,
  })
  return (
    <AppForm
      form={appForm}
      label={`Ocultar ${product.title}`}
      submitLabel={HIDE_LABEL}
      cancel={{ label: 'Cancelar', onClick: onCancel }}
    >
      <Textarea
        label={HIDE_REASON_LABEL}
        description="Lo lee el comercio al lado del producto. Los clientes dejan de verlo en el momento."
        autosize
        minRows={2}
        maxLength={500}
        required
        data-autofocus
        {...appForm.inputProps('reason')}
      />
    </AppForm>
  )
}
