import {
  rejectWithdrawalSchema,
  WITHDRAWAL_STATUS_LABELS,
  type AdminWithdrawal,
  type WithdrawalStatus,
} from '@barrio/contracts/withdrawals'
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { validateWith } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'
import { paths } from '@/config/paths'
import {
  useAcceptWithdrawal,
  useAdminWithdrawals,
  useRejectWithdrawal,
} from '@/api/admin/withdrawals/withdrawals'
import { useAppStore } from '@/lib/app-store'
import { useCan } from '@/lib/store-role'
import { formatDateTime } from '@/lib/format'

const PAGE_SIZE = 20

/** The filter's options: the contract's statuses in the plural. */
const STATUS_FILTERS: Array<{ value: WithdrawalStatus; label: string }> = [
  { value: 'requested', label: 'Pedidas' },
  { value: 'accepted', label: 'Aceptadas' },
  { value: 'rejected', label: 'Rechazadas' },
]

const STATUS_COLORS: Record<WithdrawalStatus, string> = {
  requested: 'orange',
  accepted: 'green',
  rejected: 'gray',
}

const nowrap = { whiteSpace: 'nowrap' } as const

const COLUMNS: Array<ListColumn<AdminWithdrawal>> = [
  {
    key: 'order',
    header: 'Pedido',
    card: 'title',
    cell: (w) => (
      <Stack gap={2}>
        <Anchor component={Link} to={paths.admin.order.getHref(w.orderId)} fw={700}>
          Pedido #{w.orderNumber}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {w.code}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'customer',
    header: 'Cliente',
    cell: (w) => (
      <>
        <Text size="sm">{w.name}</Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {w.email}
        </Text>
      </>
    ),
  },
  {
    key: 'reason',
    header: 'Motivo',
    cell: (w) => (
      <>
        <Text size="sm" lineClamp={3}>
          {w.reason ?? 'Sin motivo'}
        </Text>
        {w.rejectionReason ? (
          <Text size="xs" c="dimmed">
            Rechazo: {w.rejectionReason}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'createdAt',
    header: 'Fecha',
    cell: (w) => (
      <Text size="sm" style={nowrap}>
        {formatDateTime(w.createdAt)}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Estado',
    nowrap: true,
    cell: (w) => (
      <Badge variant="light" color={STATUS_COLORS[w.status]}>
        {WITHDRAWAL_STATUS_LABELS[w.status]}
      </Badge>
    ),
  },
]

/** "Aceptar y reembolsar": the whole order is refunded; "Reponer stock" puts its units back. */
function AcceptModal({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal | null
  onClose: () => void
}) {
  const [restock, setRestock] = useState(false)
  const accept = useAcceptWithdrawal()
  return (
    <Modal
      opened={withdrawal !== null}
      onClose={onClose}
      title="Aceptar y reembolsar"
      centered
      onExitTransitionEnd={() => setRestock(false)}
    >
      {withdrawal ? (
        <Stack gap="sm">
          <Text size="sm">
            Vas a reembolsar el pedido #{withdrawal.orderNumber} completo a {withdrawal.name}. Si lo
            pagó con Mercado Pago, el dinero vuelve por Mercado Pago. Le avisamos por correo.
          </Text>
          <Checkbox
            label="Reponer stock"
            description="Devuelve al inventario las unidades del pedido."
            checked={restock}
            onChange={(event) => setRestock(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={accept.isPending}>
              Descartar
            </Button>
            <Button
              loading={accept.isPending}
              onClick={() =>
                accept.mutate({ id: withdrawal._id, restock }, { onSuccess: () => onClose() })
              }
            >
              Aceptar y reembolsar
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}

const NO_REASON = { reason: '' }

/** "Rechazar": the reason (checked with the contract) goes to the customer. */
function RejectModal({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal | null
  onClose: () => void
}) {
  const reject = useRejectWithdrawal()
  const id = withdrawal?._id ?? ''
  const reason = useAppForm({
    mode: 'submit',
    initialValues: NO_REASON,
    validate: (values: typeof NO_REASON) => validateWith(rejectWithdrawalSchema, values),
    mutation: {
      mutateAsync: (input: { reason: string }) => reject.mutateAsync({ id, reason: input.reason }),
      isPending: reject.isPending,
    },
    onSaved: () => onClose(),
  })
  return (
    <Modal
      opened={withdrawal !== null}
      onClose={onClose}
      title="Rechazar el arrepentimiento"
      centered
      onExitTransitionEnd={() => reason.form.reset()}
    >
      <form ref={reason.formRef} onSubmit={reason.onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {withdrawal
              ? `Le mandamos el motivo a ${withdrawal.name} por correo. El pedido #${withdrawal.orderNumber} no cambia.`
              : null}
          </Text>
          <Textarea
            label="Motivo del rechazo"
            description="Por ejemplo: pasaron más de 10 días desde la entrega."
            required
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
            {...reason.inputProps('reason')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={reject.isPending}>
              Descartar
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              Rechazar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/**
 * The store's botón de arrepentimiento requests (issue 27): filtered by status (pending first),
 * each with its order, customer, reason and date; a pending one is accepted (the whole order
 * refunded, optionally restocked) or rejected with a reason.
 */
export function WithdrawalsList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const [status, setStatus] = useState<WithdrawalStatus>('requested')
  const [page, setPage] = useState(1)
  const query = useAdminWithdrawals({ status, page, limit: PAGE_SIZE })
  const [accepting, setAccepting] = useState<AdminWithdrawal | null>(null)
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null)
  // Accepting refunds the order: the API asks the `payments` permission for it.
  const canRefund = useCan('payments')

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Estado de los arrepentimientos"
        value={status}
        onChange={(value) => {
          setStatus(value as WithdrawalStatus)
          setPage(1)
        }}
        data={STATUS_FILTERS}
        style={{ alignSelf: 'flex-start' }}
      />
      <DataList
        label="Arrepentimientos"
        errorTitle="No pudimos cargar los arrepentimientos"
        query={query}
        waiting={!storeId}
        columns={COLUMNS}
        rowKey={(w) => w._id}
        rowLabel={(w) => `Arrepentimiento del pedido #${w.orderNumber}`}
        onPageChange={setPage}
        filtered={false}
        onClearFilters={() => setStatus('requested')}
        empty={
          status === 'requested'
            ? {
                title: 'No tenés arrepentimientos pendientes',
                description:
                  'Cuando un cliente use el botón de arrepentimiento en una compra tuya, aparece acá y te avisamos.',
              }
            : {
                title:
                  status === 'accepted'
                    ? 'Todavía no aceptaste arrepentimientos'
                    : 'Todavía no rechazaste arrepentimientos',
              }
        }
        minWidth={820}
        rowActions={(w) =>
          w.status === 'requested'
            ? [
                ...(canRefund
                  ? [{ label: 'Aceptar y reembolsar', onClick: () => setAccepting(w) }]
                  : []),
                { label: 'Rechazar', color: 'red', onClick: () => setRejecting(w) },
              ]
            : []
        }
      />
      <AcceptModal withdrawal={accepting} onClose={() => setAccepting(null)} />
      <RejectModal withdrawal={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  )
}
