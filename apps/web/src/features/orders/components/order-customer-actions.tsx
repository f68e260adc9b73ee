import {
  TRANSFER_RECEIPT_MAX_BYTES,
  TRANSFER_RECEIPT_TYPES,
  type Order,
} from '@barrio/contracts/orders'
import { Button, FileButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { IconBrandWhatsapp, IconFileUpload, IconPhone } from '@tabler/icons-react'
import { useState } from 'react'

import { useCancelOrder } from '@/api/customer/orders/cancel-order'
import { getTransferReceipt } from '@/api/customer/orders/get-transfer-receipt'
import { useUploadTransferReceipt } from '@/api/customer/orders/upload-transfer-receipt'
import { TransferReceiptLink } from '@/components/orders/transfer-receipt-link'
import { storeTelHref, storeWhatsAppHref } from '@/features/orders/utils/store-contact'
import { formatPhone } from '@/lib/format-phone'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const CONTACT_STORE_LABEL = 'Contactar al comercio'
export const CANCEL_ORDER_LABEL = 'Cancelar pedido'

/** "Contactar al comercio": a call and a WhatsApp message about this order, when it has a phone. */
export function ContactStore({ order }: { order: Order }) {
  const phone = order.store.phone
  if (!phone) return null
  const whatsApp = storeWhatsAppHref(phone, order.number)
  return (
    <Stack gap={6} role="group" aria-label={CONTACT_STORE_LABEL}>
      <Text size="sm" fw={600}>
        {CONTACT_STORE_LABEL}
      </Text>
      <Group gap="xs">
        <Button
          component="a"
          href={storeTelHref(phone)}
          variant="default"
          size="sm"
          leftSection={<IconPhone size={16} aria-hidden />}
          aria-label={`Llamar a ${order.store.name} al ${formatPhone(phone)}`}
        >
          Llamar
        </Button>
        {whatsApp ? (
          <Button
            component="a"
            href={whatsApp}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="green"
            size="sm"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          >
            WhatsApp
          </Button>
        ) : null}
      </Group>
    </Stack>
  )
}

/** "Cancelar pedido" while the store has not started preparing it (decision 037). */
export function CancelOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const cancel = useCancelOrder(order._id)
  if (!order.customerActions.canCancel) return null
  return (
    <>
      <Button variant="light" color="red" onClick={() => setOpen(true)}>
        {CANCEL_ORDER_LABEL}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`¿Querés cancelar el pedido #${order.number}?`}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            El comercio todavía no empezó a prepararlo. Si lo cancelás, le avisamos y los productos
            vuelven a estar a la venta.
          </Text>
          <Textarea
            label="Motivo (opcional)"
            description="Lo lee el comercio."
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Volver
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(reason, {
                  onSuccess: () => {
                    setOpen(false)
                    showToast({
                      message: 'Cancelaste el pedido. Ya le avisamos al comercio.',
                      type: 'success',
                    })
                  },
                  onError: (error) =>
                    showErrorToast(
                      getErrorMessage(error, 'No pudimos cancelar el pedido. Intentá nuevamente.'),
                    ),
                })
              }
            >
              Sí, cancelar el pedido
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}

const MAX_MB = Math.round(TRANSFER_RECEIPT_MAX_BYTES / (1024 * 1024))

/** Why a chosen file cannot be a receipt, before sending it; null when it can. */
export function receiptFileProblem(file: File): string | null {
  if (!(TRANSFER_RECEIPT_TYPES as readonly string[]).includes(file.type))
    return `"${file.name}" no es una imagen (JPEG, PNG o WebP) ni un PDF.`
  if (file.size > TRANSFER_RECEIPT_MAX_BYTES) return `"${file.name}" supera los ${MAX_MB} MB.`
  return null
}

/** The transfer receipt: the one sent (a link) and, while the money is awaited, upload another. */
export function TransferReceipt({ order }: { order: Order }) {
  const upload = useUploadTransferReceipt(order._id)
  const [problem, setProblem] = useState<string | null>(null)
  const receipt = order.transferReceipt
  if (!receipt && !order.customerActions.canUploadReceipt) return null
  return (
    <Stack gap={6}>
      {receipt ? (
        <Text size="sm" data-testid="transfer-receipt">
          Comprobante enviado:{' '}
          <TransferReceiptLink
            fileName={receipt.fileName}
            load={() => getTransferReceipt(order._id)}
          >
            {receipt.fileName}
          </TransferReceiptLink>
        </Text>
      ) : (
        <Text size="sm">¿Ya transferiste? Subí el comprobante y el comercio lo revisa.</Text>
      )}
      {order.customerActions.canUploadReceipt ? (
        <FileButton
          accept={TRANSFER_RECEIPT_TYPES.join(',')}
          onChange={(file) => {
            if (!file) return
            const why = receiptFileProblem(file)
            setProblem(why)
            if (why) return
            upload.mutate(file, {
              onSuccess: () =>
                showToast({
                  message: 'Listo: el comercio ya puede ver tu comprobante.',
                  type: 'success',
                }),
              onError: (error) =>
                setProblem(
                  getErrorMessage(error, 'No pudimos subir el comprobante. Intentá nuevamente.'),
                ),
            })
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="sm"
              loading={upload.isPending}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {receipt ? 'Subir otro comprobante' : 'Subir comprobante'}
            </Button>
          )}
        </FileButton>
      ) : null}
      <Text size="xs" c="dimmed">
        Imagen o PDF, hasta {MAX_MB} MB.
      </Text>
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  )
}
