import type { CheckoutSummary } from '@barrio/contracts/checkout'
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core'
import { IconMapPin } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'

import { useChangeCheckoutAddress } from '@/api/customer/checkout/change-address'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'
import { useScreen } from '@/lib/use-screen'

/** What the page gives the checkout to choose an address with (the addresses feature's list). */
export type RenderAddressChooser = (props: {
  selectedId: string | null
  /** Open on the selected address's pin ("Ubicar mi puerta"). */
  locate: boolean
  onChoose: (address: { _id: string }) => Promise<void>
  busy: boolean
}) => ReactNode

export const CHANGE_ADDRESS_LABEL = 'Cambiar dirección'
export const LOCATE_DOOR_LABEL = 'Ubicar mi puerta'

/**
 * Where the order goes, changeable inside the checkout: another saved address, a new one, or the
 * same one with its pin moved to the door. The checkout is priced again for it and the cart
 * stays (choosing an address in the header empties the cart; here it must not).
 */
export function DeliveryAddress({
  checkoutId,
  address,
  renderChooser,
}: {
  checkoutId: string
  address: CheckoutSummary['shippingAddress']
  renderChooser: RenderAddressChooser
}) {
  const [mode, setMode] = useState<'choose' | 'locate' | null>(null)
  const change = useChangeCheckoutAddress(checkoutId)
  const fullScreen = useScreen('(max-width: 48em)')

  const onChoose = async (chosen: { _id: string }) => {
    try {
      await change.mutateAsync(chosen._id)
      setMode(null)
    } catch (error) {
      showErrorToast(getErrorMessage(error, 'No pudimos cambiar la dirección de entrega.'))
    }
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            {address ? (
              <>
                Entregamos en <strong>{address.formattedAddress}</strong>
              </>
            ) : (
              'Elegí dónde recibir tu pedido.'
            )}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => setMode('choose')}>
            {address ? CHANGE_ADDRESS_LABEL : 'Elegir dirección'}
          </Button>
        </Group>
        {address?.approximate ? (
          <Alert color="yellow" variant="light" role="note" title="Ubicación aproximada">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Tu dirección está marcada en el centro del barrio: ubicá tu puerta en el mapa para
                recibir a domicilio.
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconMapPin size={16} aria-hidden />}
                onClick={() => setMode('locate')}
              >
                {LOCATE_DOOR_LABEL}
              </Button>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
      <Modal
        opened={mode !== null}
        onClose={() => setMode(null)}
        title="¿Dónde recibís este pedido?"
        fullScreen={fullScreen}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {mode
          ? renderChooser({
              selectedId: address?._id ?? null,
              locate: mode === 'locate',
              onChoose,
              busy: change.isPending,
            })
          : null}
      </Modal>
    </Paper>
  )
}
