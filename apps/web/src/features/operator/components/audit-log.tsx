import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPE_LABELS,
  type AuditAction,
  type AuditEntry,
} from '@barrio/contracts/audit'
import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import { Badge, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { z } from 'zod'

import { useOperatorAudit } from '@/api/operator/audit/get-audit'
import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { enumParam, pageParam, textParam } from '@/components/admin/list/list-params'
import { useListState } from '@/components/admin/list/use-list-state'
import { AuditChanges } from '@/features/operator/components/audit-changes'
import { formatDateTime } from '@/lib/format'
import { useScreen } from '@/lib/use-screen'

export const AUDIT_PAGE_SIZE = 25
export const ACTION_FILTER_LABEL = 'Acción'
export const STORE_FILTER_LABEL = 'Tienda'
export const ACTOR_FILTER_LABEL = 'Quién (e-mail)'

/** What each kind of target is called on screen. */
const TARGET_LABELS: Record<string, string> = {
  store: 'Tienda',
  product: 'Producto',
  merchant_application: 'Solicitud',
  commission_settings: 'Comisiones',
  invitation: 'Invitación',
  member: 'Integrante del equipo',
  payment_method: 'Medio de cobro',
  order: 'Pedido',
}

/** An action's Spanish label; an action this build does not know keeps its dotted name. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action
}

/** The target in words: "Pedido #1042", "Producto 3f2a9c1d", "Comisiones". */
export function targetLabel(entry: AuditEntry): string {
  const kind = TARGET_LABELS[entry.target.type] ?? entry.target.type
  const number = (entry.after ?? entry.before) as { number?: unknown } | null
  if (entry.target.type === 'order' && typeof number?.number === 'number')
    return `${kind} #${number.number}`
  if (entry.target.type === 'commission_settings') return kind
  return `${kind} ${entry.target.id.slice(0, 8)}`
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const dayParam = () => z.string().regex(DAY).catch('')

/** The log's URL: /operator/audit?action=store.suspended&store=luna&actor=ana&from=…&to=…&page=2 */
const auditListSchema = z.object({
  action: enumParam(['all', ...AUDIT_ACTIONS], 'all'),
  store: textParam(),
  actor: textParam(200),
  from: dayParam(),
  to: dayParam(),
  page: pageParam(),
})

const COLUMNS: Array<ListColumn<AuditEntry>> = [
  {
    key: 'action',
    header: 'Acción',
    card: 'title',
    cell: (entry) => (
      <Text fw={600} size="sm">
        {actionLabel(entry.action)}
      </Text>
    ),
  },
  {
    key: 'date',
    header: 'Fecha',
    cell: (entry) => formatDateTime(entry.createdAt),
    nowrap: true,
  },
  {
    key: 'actor',
    header: 'Quién',
    cell: (entry) => (
      <Stack gap={2}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.actor.email ?? (entry.actor.type === 'system' ? 'Sistema' : 'Cuenta eliminada')}
        </Text>
        <Badge variant="light" color="gray" size="xs">
          {AUDIT_ACTOR_TYPE_LABELS[entry.actor.type]}
        </Badge>
      </Stack>
    ),
  },
  {
    key: 'store',
    header: 'Tienda',
    cell: (entry) =>
      entry.store ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.store.name ?? 'Tienda eliminada'}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  { key: 'target', header: 'Sobre', cell: (entry) => targetLabel(entry) },
  {
    key: 'changes',
    header: 'Cambios',
    card: 'plain',
    cell: (entry) => <AuditChanges before={entry.before} after={entry.after} />,
  },
]

/** A text filter typed into now and written to the URL after a pause (like the search box). */
function useDebouncedFilter(value: string, write: (text: string) => void) {
  const [text, setText] = useState(value)
  // Follows the URL only when it changes from elsewhere (back, clear), not from our own write.
  const written = useRef(value)
  useEffect(() => {
    if (value !== written.current) {
      written.current = value
      setText(value)
    }
  }, [value])
  const debounced = useDebouncedCallback((next: string) => {
    written.current = next.trim()
    write(next.trim())
  }, PAYLOAD_DEBOUNCE_MS)
  return {
    text,
    onChange: (next: string) => {
      setText(next)
      debounced(next)
    },
  }
}

/**
 * The audit log (issue 24, decision 047): who did what and when, newest first; filtered by
 * action, store, who acted and Buenos Aires days, all in the URL; each entry's before and after
 * folded until asked for.
 */
export function AuditLog() {
  const list = useListState(auditListSchema, { searchKey: 'store' })
  const { action, actor, from, to } = list.values
  const query = useOperatorAudit({
    action: action === 'all' ? undefined : (action as AuditAction),
    store: list.values.store || undefined,
    actorEmail: actor || undefined,
    from: from || undefined,
    to: to || undefined,
    page: list.page,
    limit: AUDIT_PAGE_SIZE,
  })
  const actorFilter = useDebouncedFilter(actor, (text) =>
    list.set({ actor: text }, { replace: true }),
  )
  const phone = useScreen('(max-width: 48em)')

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Select
          label={ACTION_FILTER_LABEL}
          value={action}
          onChange={(value) => list.set({ action: (value ?? 'all') as typeof action })}
          data={[
            { value: 'all', label: 'Todas' },
            ...AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })),
          ]}
          allowDeselect={false}
          searchable={!phone}
        />
        <TextInput
          label={STORE_FILTER_LABEL}
          placeholder="Nombre o dirección web"
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
        />
        <TextInput
          label={ACTOR_FILTER_LABEL}
          placeholder="ana@ejemplo.com"
          type="search"
          value={actorFilter.text}
          onChange={(event) => actorFilter.onChange(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="date"
          label="Desde"
          value={from}
          max={to || undefined}
          onChange={(event) => list.set({ from: event.currentTarget.value })}
          w={phone ? '100%' : 180}
        />
        <TextInput
          type="date"
          label="Hasta"
          value={to}
          min={from || undefined}
          onChange={(event) => list.set({ to: event.currentTarget.value })}
          w={phone ? '100%' : 180}
        />
      </Group>
      <DataList
        label="Registro de auditoría"
        query={query}
        columns={COLUMNS}
        rowKey={(entry) => entry._id}
        rowLabel={(entry) => `${actionLabel(entry.action)}, ${formatDateTime(entry.createdAt)}`}
        onPageChange={list.setPage}
        empty={{
          title: 'Todavía no hay acciones registradas.',
          description:
            'Acá vas a ver cada acción del equipo de Barrio y los cambios sensibles de los comercios.',
        }}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ninguna acción coincide con los filtros"
        errorTitle="No pudimos cargar el registro de auditoría"
        minWidth={960}
      />
    </Stack>
  )
}
