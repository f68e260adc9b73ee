import {
  moderationReasonInputSchema,
  type ModerationReasonInput,
  type OperatorStore,
} from '@barrio/contracts/operator'
import { Textarea } from '@mantine/core'

import { useSuspendStore } from '@/api/operator/stores/moderate-store'
import { AppForm } from '@/components/form/app-form'
import { validateWith } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'

export const SUSPEND_LABEL = 'Suspender'
export const SUSPENSION_REASON_LABEL = 'Motivo de la suspensión'

/**
 * Why a store is suspended (3–500 characters): its team reads it on a banner in its back office;
 * customers stop seeing the store at once.
 */
export function SuspendStoreForm({
  store,
  onDone,
  onCancel,
}: {
  store: OperatorStore
  onDone: () => void
  onCancel: () => void
}) {
  const suspension = useSuspendStore()
  const appForm = useAppForm<{ reason: string }, ModerationReasonInput, OperatorStore>({
    mode: 'submit',
    initialValues: { reason: '' },
    validate: (values) => validateWith(moderationReasonInputSchema, values),
    mutation: {
      mutateAsync: (input) => suspension.mutateAsync({ id: store._id, input }),
      isPending: suspension.isPending,
    },
    successMessage: `Suspendiste ${store.name}.`,
    onSaved: onDone,
  })
  return (
    <AppForm
      form={appForm}
      label={`Suspender ${store.name}`}
      submitLabel={SUSPEND_LABEL}
      cancel={{ label: 'Cancelar', onClick: onCancel }}
    >
      <Textarea
        label={SUSPENSION_REASON_LABEL}
        description="Lo lee el equipo del comercio. Los clientes dejan de ver la tienda en el momento."
        autosize
        minRows={3}
        maxLength={500}
        required
        data-autofocus
        {...appForm.inputProps('reason')}
      />
    </AppForm>
  )
}
