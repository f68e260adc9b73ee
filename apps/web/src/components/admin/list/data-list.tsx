import type { Page } from '@barrio/contracts/pagination'
import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import { IconDots, IconFilterOff } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect, useMemo, useState, type ReactNode } from 'react'

import type {
  BulkAction,
  ListColumn,
  RowAction,
  SortOption,
} from '@/components/admin/list/data-list-types'
import { ListPagination } from '@/components/admin/list/list-pagination'
import { runForEach } from '@/components/admin/list/run-bulk'
import { directionOf, nextSortValue, SortableTh } from '@/components/admin/list/sort-header'
import { EmptyBlock } from '@/components/admin/page-states'
import { SortSelect } from '@/components/admin/sort-select'
import { TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { confirm } from '@/components/confirm/confirm'
import { ErrorState } from '@/components/errors/error-state'
import { formatCount, plural } from '@/lib/format'
import { showErrorToast, showToast } from '@/lib/toast'

export type DataListProps<T> = {
  /** What the list holds, capitalised: "Pedidos". Names the table, the cards and the pager. */
  label: string
  query: Pick<
    UseQueryResult<Page<T>>,
    'data' | 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching' | 'isPlaceholderData'
  >
  /** Not ready to ask yet (e.g. no store selected): shows the loading state. */
  waiting?: boolean
  columns: Array<ListColumn<T>>
  rowKey: (row: T) => string
  /** The row's name for screen readers: "Pedido #1001". */
  rowLabel: (row: T) => string
  sort?: { value: string; options: SortOption[]; onChange: (sort: string) => void }
  onPageChange: (page: number) => void
  /** The state before the first item exists ("Todavía no recibiste pedidos"). */
  empty: { title: string; description?: string; action?: ReactNode }
  /** Filters or a search narrow the list: an empty page offers to clear them. */
  filtered: boolean
  onClearFilters: () => void
  emptyFilteredTitle?: string
  /** The error heading: "No pudimos cargar tus pedidos". */
  errorTitle?: string
  rowActions?: (row: T) => RowAction[]
  bulkActions?: Array<BulkAction<T>>
  /** Table width below which it scrolls sideways (desktop only; phones get cards). */
  minWidth?: number
}

/**
 * The admin list: a table on desktop, cards on phones, both from one column list; loading,
 * empty and error states; sortable headers; row action menus; bulk selection; pagination.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { label, query, waiting = false, filtered } = props
  const narrow = useIsNarrow()
  const noun = label.toLowerCase()

  let body: ReactNode
  if (waiting || query.isPending) {
    body = <ListSkeleton label={`Cargando ${noun}…`} cards={narrow} />
  } else if (query.isError) {
    body = (
      <ErrorState
        title={props.errorTitle ?? `No pudimos cargar ${noun}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  } else if (query.data && query.data.docs.length === 0 && query.data.page > 1) {
    // An old link, or the last rows of the last page were just archived.
    body = (
      <EmptyBlock
        title="No hay nada en esta página"
        description={`La lista tiene ${plural(query.data.totalPages, 'página', 'páginas')}.`}
        action={
          <Button variant="light" onClick={() => props.onPageChange(1)}>
            Ir a la primera página
          </Button>
        }
      />
    )
  } else if (!query.data || query.data.docs.length === 0) {
    body = filtered ? (
      <EmptyBlock
        title={props.emptyFilteredTitle ?? 'Nada coincide con los filtros'}
        description="Probá con otra búsqueda o limpiá los filtros."
        icon={<IconFilterOff size={32} aria-hidden />}
        action={
          <Button variant="light" onClick={props.onClearFilters}>
            Limpiar filtros
          </Button>
        }
      />
    ) : (
      <EmptyBlock {...props.empty} />
    )
  } else {
    body = <ListBody {...props} page={query.data} narrow={narrow} />
  }

  return (
    <Stack gap="sm">
      {narrow && props.sort ? (
        <SortSelect
          options={props.sort.options}
          value={props.sort.value}
          onChange={props.sort.onChange}
        />
      ) : null}
      {body}
    </Stack>
  )
}

function ListSkeleton({ label, cards }: { label: string; cards: boolean }) {
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={cards ? 96 : 40} radius="sm" aria-hidden />
      ))}
    </Stack>
  )
}

function ListBody<T>({
  label,
  query,
  columns,
  rowKey,
  rowLabel,
  sort,
  onPageChange,
  rowActions,
  bulkActions = [],
  minWidth = 720,
  page,
  narrow,
}: DataListProps<T> & { page: Page<T>; narrow: boolean }) {
  const rows = page.docs
  const keys = useMemo(() => rows.map(rowKey), [rows, rowKey])
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  // A new page (or new data) keeps only the selected rows still shown.
  useEffect(() => {
    setSelected((current) => {
      const kept = new Set(keys.filter((key) => current.has(key)))
      return kept.size === current.size ? current : kept
    })
  }, [keys])

  const selectable = bulkActions.length > 0
  const selectedRows = rows.filter((row) => selected.has(rowKey(row)))
  const allSelected = selectedRows.length === rows.length
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(keys))
  const pageCheckbox = (
    <Checkbox
      aria-label="Seleccionar todos en esta página"
      checked={selectedRows.length > 0 && allSelected}
      indeterminate={selectedRows.length > 0 && !allSelected}
      onChange={toggleAll}
    />
  )
  const rowCheckbox = (row: T) => (
    <Checkbox
      aria-label={`Seleccionar ${rowLabel(row)}`}
      checked={selected.has(rowKey(row))}
      onChange={() => toggle(rowKey(row))}
    />
  )
  const actionsMenu = (row: T) => {
    const actions = rowActions?.(row) ?? []
    return actions.length > 0 ? <RowActionsMenu label={rowLabel(row)} actions={actions} /> : null
  }
  const hasActions = Boolean(rowActions)

  return (
    <Stack
      gap="sm"
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      aria-busy={query.isFetching}
    >
      {selectable && selectedRows.length > 0 ? (
        <BulkBar
          rows={selectedRows}
          actions={bulkActions}
          rowLabel={rowLabel}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
      {narrow ? (
        <Stack gap="xs">
          {selectable ? (
            <Checkbox
              label="Seleccionar todos en esta página"
              checked={selectedRows.length > 0 && allSelected}
              indeterminate={selectedRows.length > 0 && !allSelected}
              onChange={toggleAll}
            />
          ) : null}
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={label}
          >
            {rows.map((row) => (
              <ListCard
                key={rowKey(row)}
                row={row}
                columns={columns}
                checkbox={selectable ? rowCheckbox(row) : null}
                actions={actionsMenu(row)}
              />
            ))}
          </Stack>
        </Stack>
      ) : (
        <TableContainer label={`Tabla de ${label.toLowerCase()}`} minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {selectable ? <Table.Th w={40}>{pageCheckbox}</Table.Th> : null}
                {columns.map((column) =>
                  column.sortField && sort ? (
                    <SortableTh
                      key={column.key}
                      label={column.header}
                      direction={directionOf(sort.value, column.sortField)}
                      onSort={() =>
                        sort.onChange(
                          nextSortValue(sort.value, column.sortField!, column.firstDirection),
                        )
                      }
                    />
                  ) : (
                    <Table.Th key={column.key}>
                      {column.hideHeader ? (
                        <VisuallyHidden>{column.header}</VisuallyHidden>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  ),
                )}
                {hasActions ? (
                  <Table.Th w={56}>
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={rowKey(row)}
                  bg={selected.has(rowKey(row)) ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  {selectable ? <Table.Td>{rowCheckbox(row)}</Table.Td> : null}
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      {column.nowrap ? (
                        // max-content: a badge's max-width: 100% would otherwise let the column
                        // shrink until the label is cut.
                        <Box w="max-content">{column.cell(row)}</Box>
                      ) : (
                        column.cell(row)
                      )}
                    </Table.Td>
                  ))}
                  {hasActions ? <Table.Td>{actionsMenu(row)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableContainer>
      )}
      <ListPagination
        page={page.page}
        limit={page.limit}
        shown={rows.length}
        totalPages={page.totalPages}
        totalDocs={page.totalDocs}
        label={`Páginas de ${label.toLowerCase()}`}
        onChange={onPageChange}
        compact={narrow}
      />
    </Stack>
  )
}

/** One row as a card: the title column on top, the other columns as labelled lines. */
function ListCard<T>({
  row,
  columns,
  checkbox,
  actions,
}: {
  row: T
  columns: Array<ListColumn<T>>
  checkbox: ReactNode
  actions: ReactNode
}) {
  const title = columns.find((column) => column.card === 'title')
  const lines = columns.filter((column) => column.card !== 'title' && column.card !== 'hidden')
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      style={{ minWidth: 0, overflowWrap: 'anywhere' }}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {checkbox ? <Box pt={2}>{checkbox}</Box> : null}
          <Box style={{ flex: 1, minWidth: 0 }}>{title?.cell(row)}</Box>
          {actions}
        </Group>
        {lines.map((column) =>
          column.card === 'plain' ? (
            <Box key={column.key}>{column.cell(row)}</Box>
          ) : (
            <Group key={column.key} gap={6} wrap="wrap" align="center">
              <Text size="sm" c="dimmed">
                {column.header}:
              </Text>
              <Box style={{ minWidth: 0 }}>{column.cell(row)}</Box>
            </Group>
          ),
        )}
      </Stack>
    </Paper>
  )
}

function RowActionsMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Acciones de ${label}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.label}
            leftSection={action.icon}
            color={action.color}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}

/** "3 seleccionados" and the actions on them; while one runs, its progress. */
function BulkBar<T>({
  rows,
  actions,
  rowLabel,
  onClear,
}: {
  rows: T[]
  actions: Array<BulkAction<T>>
  rowLabel: (row: T) => string
  onClear: () => void
}) {
  const [running, setRunning] = useState<{ label: string; finished: number; total: number } | null>(
    null,
  )

  const start = async (action: BulkAction<T>) => {
    const targets = action.applies ? rows.filter(action.applies) : rows
    if (targets.length === 0) {
      showToast({ message: `Ninguno de los seleccionados admite "${action.label}".`, type: 'info' })
      return
    }
    if ('open' in action) {
      action.open(targets)
      return
    }
    if (action.confirm && !(await confirm(action.confirm(targets)))) return
    setRunning({ label: action.label, finished: 0, total: targets.length })
    const result = await runForEach(targets, action.run, (finished) =>
      setRunning({ label: action.label, finished, total: targets.length }),
    )
    setRunning(null)
    if (result.done.length > 0)
      showToast({ message: action.doneMessage(result.done.length), type: 'success' })
    if (result.failed.length > 0) {
      showErrorToast(
        `No se pudo con ${formatCount(result.failed.length)}: ${result.failed
          .map((failure) => `${rowLabel(failure.row)} (${failure.message})`)
          .join('; ')}`,
      )
    }
    if (result.failed.length === 0) onClear()
    action.onSettled?.(result)
  }

  const count = rows.length
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      shadow="sm"
      role="region"
      aria-label="Acciones sobre los seleccionados"
      style={{
        position: 'sticky',
        top: 'calc(var(--app-shell-header-offset, 0px) + 8px)',
        zIndex: 3,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm" aria-live="polite">
            {plural(count, 'seleccionado', 'seleccionados')}
          </Text>
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action.label}
                size="compact-sm"
                variant="light"
                color={action.color}
                disabled={running !== null}
                onClick={() => void start(action)}
              >
                {action.label}
              </Button>
            ))}
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              disabled={running !== null}
              onClick={onClear}
            >
              Quitar selección
            </Button>
          </Group>
        </Group>
        {running ? (
          <Progress
            value={(running.finished / running.total) * 100}
            aria-label={`${running.label}: ${running.finished} de ${running.total}`}
            size="sm"
          />
        ) : null}
      </Stack>
    </Paper>
  )
}
