import { Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'

export const CONFIRM_TITLE = 'Esta seguro?'
export const CONFIRM_LABELS = { confirm: 'Confirmar', cancel: 'Descartar' } as const

export type ConfirmOptions = {
  message: string
  /** Optional secondary line under the message. */
  smallText?: string
}

/**
 * Spec section 2: a confirmation popup that resolves true on Confirmar and false on Descartar
 * or when closed any other way. Needs the ModalsProvider of app/provider.tsx.
 */
export function confirm({ message, smallText }: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let settled = false
    const settle = (value: boolean) => {
      if (settled) return
      settled = true
      resolve(value)
    }
    modals.openConfirmModal({
      title: CONFIRM_TITLE,
      centered: true,
      children: (
        <Stack gap="xs">
          <Text>{message}</Text>
          {smallText ? (
            <Text size="sm" c="dimmed">
              {smallText}
            </Text>
          ) : null}
        </Stack>
      ),
      labels: CONFIRM_LABELS,
      confirmProps: { color: 'green' },
      cancelProps: { variant: 'default' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    })
  })
}
