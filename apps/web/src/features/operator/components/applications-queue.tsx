import { STORE_CATEGORY_LABELS } from '@barrio/contracts/common'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import {
  MERCHANT_APPLICATION_STATUSES,
  type MerchantApplicationStatus,
  type OperatorApplication,
} from '@barrio/contracts/operator'
import { Anchor, Drawer, SegmentedControl, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { z } from 'zod'

import { useOperatorApplications } from '@/api/operator/applications/get-applications'
import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { enumParam, pageParam } from '@/components/admin/list/list-params'
import { useListState } from '@/components/admin/list/use-list-state'
import { useScreen } from '@/lib/use-screen'
import { ApplicationDetail, CuitText } from '@/features/operator/components/application-detail'
import { applicantName, cityAndProvince } from '@/features/operator/utils/operator-format'
import { formatDate } from '@/lib/format'

const applicationListSchema = z.object({
  status: enumParam(MERCHANT_APPLICATION_STATUSES, 'pending'),
  page: pageParam(),
})

export const STATUS_TABS: Record<MerchantApplicationStatus, string> = {
  pending: 'Pendientes',
  approved: 'Aprobadas',
  rejected: 'Rechazadas',
}

const EMPTY_TITLES: Record<MerchantApplicationStatus, string> = {
  pending: 'No hay solicitudes pendientes.',
  approved: 'Todavía no hay solicitudes aprobadas.',
  rejected: 'No hay solicitudes rechazadas.',
}

/**
 * The merchant applications (issue 24): one status at a time (Pendientes by default, in the URL
 * with the page), each row opening the application's detail, where a pending one is decided.
 */
export function ApplicationsQueue() {
  const list = useListState(applicationListSchema)
  const status = list.values.status
  const query = useOperatorApplications({
    status,
    page: list.page,
    limit: PAGE_SIZES.adminCustomers,
  })
  const [openId, setOpenId] = useState<string | null>(null)
  const open = query.data?.docs.find((row) => row._id === openId) ?? null
  const phone = useScreen('(max-width: 48em)')

  const columns: Array<ListColumn<OperatorApplication>> = [
    {
      key: 'business',
      header: 'Comercio',
      card: 'title',
      cell: (row) => (
        <Anchor
          component="button"
          type="button"
          fw={600}
          ta="left"
          onClick={() => setOpenId(row._id)}
          aria-label={`Ver la solicitud de ${row.businessName}`}
        >
          {row.businessName}
        </Anchor>
      ),
    },
    {
      key: 'applicant',
      header: 'Solicitante',
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">{applicantName(row)}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.applicant.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'cuit', header: 'CUIT', cell: (row) => <CuitText application={row} /> },
    { key: 'category', header: 'Rubro', cell: (row) => STORE_CATEGORY_LABELS[row.category] },
    { key: 'place', header: 'Localidad', cell: (row) => cityAndProvince(row) },
    { key: 'date', header: 'Fecha', cell: (row) => formatDate(row.createdAt), nowrap: true },
  ]

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Estado de las solicitudes"
        value={status}
        onChange={(value) => {
          setOpenId(null)
          list.set({ status: value as MerchantApplicationStatus })
        }}
        data={MERCHANT_APPLICATION_STATUSES.map((value) => ({
          value,
          label: STATUS_TABS[value],
        }))}
        fullWidth={phone === true}
        style={{ alignSelf: phone ? 'stretch' : 'flex-start' }}
      />
      <DataList
        label="Solicitudes"
        query={query}
        columns={columns}
        rowKey={(row) => row._id}
        rowLabel={(row) => `Solicitud de ${row.businessName}`}
        rowActions={(row) => [
          {
            label: row.status === 'pending' ? 'Revisar' : 'Ver detalle',
            onClick: () => setOpenId(row._id),
          },
        ]}
        onPageChange={list.setPage}
        empty={{ title: EMPTY_TITLES[status] }}
        filtered={false}
        onClearFilters={list.clearFilters}
        errorTitle="No pudimos cargar las solicitudes"
        minWidth={860}
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size={phone ? '100%' : 'lg'}
        title={open?.businessName ?? 'Solicitud'}
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {open ? <ApplicationDetail application={open} onDecided={() => setOpenId(null)} /> : null}
      </Drawer>
    </Stack>
  )
}
