import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'

/**
 * A confirmation that also asks why (cancelling a fulfillment or an order). The reason may stay
 * empty; the server then records its default.
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
  const [reason, setReason] = useState('')
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      onExitTransitionEnd={() => setReason('')}
    >
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <Textarea
          label="Motivo"
          description="Opcional. Queda en el historial del pedido."
          maxLength={500}
          autosize
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Descartar
          </Button>
          <Button color="red" loading={busy} onClick={() => onConfirm(reason)}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
