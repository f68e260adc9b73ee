import {
  rejectApplicationInputSchema,
  type OperatorApplication,
  type RejectApplicationInput,
} from '@barrio/contracts/operator'
import { Textarea } from '@mantine/core'

import { useRejectApplication } from '@/api/operator/applications/decide-application'
import { AppForm } from '@/components/form/app-form'
import { validateWith } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'

export const REJECT_LABEL = 'Rechazar'
export const REASON_LABEL = 'Motivo del rechazo'

/** The reason an application is turned down (10–500 characters), which the applicant reads. */
export function RejectApplicationForm({
  application,
  onDone,
  onCancel,
}: {
  application: OperatorApplication
  onDone: () => void
  onCancel: () => void
}) {
  const rejection = useRejectApplication()
  const appForm = useAppForm<{ reason: string }, RejectApplicationInput, void>({
    mode: 'submit',
    initialValues: { reason: '' },
    validate: (values) => validateWith(rejectApplicationInputSchema, values),
    mutation: {
      mutateAsync: (input) => rejection.mutateAsync({ id: application._id, input }),
      isPending: rejection.isPending,
    },
    successMessage: `Rechazaste la solicitud de ${application.businessName}.`,
    onSaved: onDone,
  })
  return (
    <AppForm
      form={appForm}
      label={`Rechazar la solicitud de ${application.businessName}`}
      submitLabel={REJECT_LABEL}
      cancel={{ label: 'Cancelar', onClick: onCancel }}
    >
      <Textarea
        label={REASON_LABEL}
        description="Le llega por e-mail al comercio: contale qué falta o qué no cumple."
        autosize
        minRows={4}
        maxLength={500}
        required
        {...appForm.inputProps('reason')}
      />
    </AppForm>
  )
}
