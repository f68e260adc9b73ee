import { adminFulfillmentCancelInputSchema } from '@barrio/contracts/admin-orders'
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'

import { validateWith } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'

const NO_REASON = { reason: '' }

/**
 * A confirmation that also asks why (cancelling a fulfillment or an order), on the form kit: the
 * reason is checked with the contract (trimmed, up to 500 characters) and may stay empty; the
 * server then records its default. The caller's mutation does the work and closes the dialog.
 */
export function ReasonModal({
  opened,
  title,
  message,
  confirmLabel,
  onClose,
  onConfirm,
  busy,
}: {
  opened: boolean
  title: string
  message: string
  confirmLabel: string
  onClose: () => void
  onConfirm: (reason: string) => void
  busy: boolean
}) {
  const reason = useAppForm({
    mode: 'submit',
    initialValues: NO_REASON,
    validate: (values: typeof NO_REASON) => validateWith(adminFulfillmentCancelInputSchema, values),
    // The caller's mutation runs on its own (its toasts say how it went); busy is its pending.
    mutation: {
      mutateAsync: async (input: { reason?: string }) => onConfirm(input.reason ?? ''),
      isPending: busy,
    },
  })

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      onExitTransitionEnd={() => reason.form.reset()}
    >
      <form ref={reason.formRef} onSubmit={reason.onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          <Textarea
            label="Motivo"
            description="Opcional. Queda en el historial del pedido."
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
            {...reason.inputProps('reason')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Descartar
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
