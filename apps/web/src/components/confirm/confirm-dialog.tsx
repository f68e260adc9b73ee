import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'

import { CONFIRM_LABELS, CONFIRM_TITLE, type ConfirmRequest } from '@/components/confirm/confirm'

/**
 * The confirmation popup itself. It keeps showing the last question while it closes, so the
 * closing transition does not run on an empty dialog.
 */
export function ConfirmDialog({ request }: { request: ConfirmRequest | null }) {
  const [shown, setShown] = useState(request)
  useEffect(() => {
    if (request) setShown(request)
  }, [request])
  const current = request ?? shown
  return (
    <Modal
      opened={request !== null}
      onClose={() => request?.settle(false)}
      title={CONFIRM_TITLE}
      centered
    >
      {current ? (
        <Stack gap="md">
          <Stack gap="xs">
            <Text>{current.message}</Text>
            {current.smallText ? (
              <Text size="sm" c="dimmed">
                {current.smallText}
              </Text>
            ) : null}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => request?.settle(false)}>
              {CONFIRM_LABELS.cancel}
            </Button>
            <Button color="green" onClick={() => request?.settle(true)}>
              {CONFIRM_LABELS.confirm}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
