import type {
  PriceChange,
  PriceChangeLeftRow,
  PriceChangeUndoResult,
} from '@barrio/contracts/price-changes'
import { Alert, Badge, List, Modal, Stack, Text } from '@mantine/core'
import { IconArrowBackUp } from '@tabler/icons-react'
import { useState } from 'react'

import { usePriceChanges, useUndoPriceChange } from '@/api/admin/price-changes/price-changes'
import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { confirm } from '@/components/confirm/confirm'
import {
  describeFilter,
  describeRule,
  describeTarget,
} from '@/features/admin-products/utils/bulk-price'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'
import { formatDateTime, formatMoney, plural } from '@/lib/format'
import { showErrorToast } from '@/lib/toast'

const PAGE_SIZE = 10

const COLUMNS: Array<ListColumn<PriceChange>> = [
  {
    key: 'rule',
    header: 'Cambio',
    card: 'title',
    cell: (change) => (
      <>
        <Text size="sm" fw={600}>
          {describeRule(change.change)}
        </Text>
        <Text size="xs" c="dimmed">
          {describeTarget(change.apply, change.rounding)}
        </Text>
      </>
    ),
  },
  {
    key: 'filter',
    header: 'Productos',
    cell: (change) => <Text size="sm">{describeFilter(change.filter)}</Text>,
  },
  {
    key: 'count',
    header: 'Variantes',
    cell: (change) => <Text size="sm">{change.count}</Text>,
  },
  {
    key: 'when',
    header: 'Cuándo y quién',
    cell: (change) => (
      <>
        <Text size="sm">{formatDateTime(change.createdAt)}</Text>
        <Text size="xs" c="dimmed">
          {change.actor?.name ?? 'Una cuenta que ya no existe'}
        </Text>
      </>
    ),
  },
  {
    key: 'state',
    header: 'Estado',
    card: 'plain',
    nowrap: true,
    cell: (change) =>
      change.undo ? (
        <Badge color="gray" variant="light">
          {`Deshecho el ${formatDateTime(change.undo.at)}`}
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          Aplicado
        </Badge>
      ),
  },
]

const leftLine = (row: PriceChangeLeftRow) => {
  const name = row.variantTitle ? `${row.title} (${row.variantTitle})` : row.title
  if (!row.current) return `${name}: la variante ya no existe.`
  return `${name}: el cambio lo dejó en ${formatMoney(row.expected.price)} y ahora está en ${formatMoney(row.current.price)}.`
}

/** What the undo did: how many prices went back, and which variants were left and why. */
function UndoNotice({ result, onClose }: { result: PriceChangeUndoResult; onClose: () => void }) {
  const restored = `Volvieron ${plural(result.restored, 'precio', 'precios')} a como estaban.`
  if (result.leftCount === 0) {
    return (
      <Alert color="green" title="Cambio deshecho" withCloseButton onClose={onClose} role="status">
        {restored}
      </Alert>
    )
  }
  return (
    <Alert
      color="yellow"
      title="Cambio deshecho en parte"
      withCloseButton
      onClose={onClose}
      role="status"
    >
      <Stack gap={4}>
        <Text size="sm">{restored}</Text>
        <Text size="sm">
          {`No tocamos ${plural(result.leftCount, 'variante', 'variantes')} porque su precio cambió después:`}
        </Text>
        <List size="sm" spacing={2}>
          {result.left.map((row) => (
            <List.Item key={row.variantId}>{leftLine(row)}</List.Item>
          ))}
        </List>
        {result.leftCount > result.left.length ? (
          <Text size="xs" c="dimmed">
            {`Y ${result.leftCount - result.left.length} más.`}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  )
}

/**
 * "Historial de precios" (issue 28): the store's bulk price changes, newest first, each with its
 * rule, products, count, when and who; "Deshacer" (asked first) puts the prices back except those
 * changed since, which the notice names.
 */
export function BulkPriceHistory({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const narrow = useIsNarrow()
  const [page, setPage] = useState(1)
  const query = usePriceChanges({ page, limit: PAGE_SIZE })
  const undo = useUndoPriceChange()
  const [result, setResult] = useState<PriceChangeUndoResult | null>(null)

  const askUndo = async (change: PriceChange) => {
    const ok = await confirm({
      message: `¿Querés deshacer el cambio "${describeRule(change.change)}" del ${formatDateTime(change.createdAt)}?`,
      smallText: 'Vuelven los precios de antes, salvo los de variantes cuyo precio cambió después.',
    })
    if (!ok) return
    setResult(null)
    try {
      setResult(await undo.mutateAsync(change._id))
    } catch (error) {
      showErrorToast(getErrorMessage(error))
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Historial de precios"
      size="xl"
      fullScreen={narrow}
    >
      <Stack gap="sm">
        {undo.isPending ? (
          <Text size="sm" role="status" aria-live="polite">
            Deshaciendo el cambio…
          </Text>
        ) : null}
        {result ? <UndoNotice result={result} onClose={() => setResult(null)} /> : null}
        <DataList
          label="Cambios de precios"
          errorTitle="No pudimos cargar el historial de precios"
          query={query}
          waiting={!storeId}
          columns={COLUMNS}
          rowKey={(change) => change._id}
          rowLabel={(change) =>
            `${describeRule(change.change)}, ${formatDateTime(change.createdAt)}`
          }
          onPageChange={setPage}
          filtered={false}
          onClearFilters={() => setPage(1)}
          empty={{
            title: 'Todavía no hiciste cambios de precios en bloque',
            description: 'Usá "Actualizar precios" en tus productos para cambiar muchos a la vez.',
          }}
          minWidth={640}
          rowActions={(change) => [
            {
              label: 'Deshacer',
              icon: <IconArrowBackUp size={14} aria-hidden />,
              disabled: change.undo !== null || undo.isPending,
              onClick: () => void askUndo(change),
            },
          ]}
        />
      </Stack>
    </Modal>
  )
}
