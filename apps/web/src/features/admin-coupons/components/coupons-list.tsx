import {
  COUPON_STATUS_LABELS,
  describeCouponValue,
  type Coupon,
  type CouponStatus,
} from '@barrio/contracts/coupons'
import { Anchor, Badge, Button, Stack, Text, TextInput } from '@mantine/core'
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import { z } from 'zod'

import {
  buildCouponListParams,
  useAdminCoupons,
  useDeleteCoupon,
} from '@/api/admin/coupons/coupons'
import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { pageParam, textParam } from '@/components/admin/list/list-params'
import { useListState } from '@/components/admin/list/use-list-state'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { useAppStore } from '@/lib/app-store'
import { formatDateTime } from '@/lib/format'

export const NEW_COUPON_LABEL = 'Nuevo cupón'
export const EMPTY_COUPONS_TITLE = 'Todavía no tenés cupones'

/** The coupon list's URL: /admin/coupons?q=martes&page=2. */
const couponListSchema = z.object({ page: pageParam(), q: textParam() })

const STATUS_COLORS: Record<CouponStatus, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'gray',
  exhausted: 'orange',
}

/** "Desde 1/12/2026 09:00 hasta 31/12/2026 23:59", or "Sin vencimiento". */
function validity(coupon: Coupon): string {
  const from = coupon.startsAt ? `Desde ${formatDateTime(coupon.startsAt)}` : ''
  const to = coupon.endsAt ? `hasta ${formatDateTime(coupon.endsAt)}` : ''
  if (from && to) return `${from} ${to}`
  if (from) return from
  if (to) return to.charAt(0).toUpperCase() + to.slice(1)
  return 'Sin vencimiento'
}

const COLUMNS: Array<ListColumn<Coupon>> = [
  {
    key: 'code',
    header: 'Código',
    card: 'title',
    cell: (coupon) => (
      <Anchor component={Link} to={paths.admin.coupon.getHref(coupon._id)} fw={600} ff="monospace">
        {coupon.code}
      </Anchor>
    ),
  },
  {
    key: 'value',
    header: 'Descuento',
    cell: (coupon) => <Text size="sm">{describeCouponValue(coupon.type, coupon.value)}</Text>,
  },
  {
    key: 'status',
    header: 'Estado',
    nowrap: true,
    cell: (coupon) => (
      <Badge variant="light" color={STATUS_COLORS[coupon.status]}>
        {COUPON_STATUS_LABELS[coupon.status]}
      </Badge>
    ),
  },
  {
    key: 'uses',
    header: 'Usos',
    cell: (coupon) => (
      <Text size="sm">
        {coupon.maxUses === null ? coupon.uses : `${coupon.uses} / ${coupon.maxUses}`}
      </Text>
    ),
  },
  {
    key: 'validity',
    header: 'Vigencia',
    cell: (coupon) => <Text size="sm">{validity(coupon)}</Text>,
  },
]

const deleteQuestion = (code: string) => ({
  message: `¿Querés eliminar el cupón ${code}?`,
  smallText: 'Los pedidos que ya lo usaron conservan su descuento.',
})

/** The store's coupons: search by code, 20 per page, edit and delete. */
export function CouponsList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const navigate = useNavigate()
  const list = useListState(couponListSchema)
  const query = useAdminCoupons(buildCouponListParams(list.page, list.values.q))
  const remove = useDeleteCoupon()

  return (
    <Stack gap="md">
      <TextInput
        label="Buscar cupones"
        placeholder="Código"
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={list.searchText}
        onChange={(event) => list.setSearchText(event.currentTarget.value)}
        maw={420}
      />
      <DataList
        label="Cupones"
        errorTitle="No pudimos cargar tus cupones"
        query={query}
        waiting={!storeId}
        columns={COLUMNS}
        rowKey={(coupon) => coupon._id}
        rowLabel={(coupon) => coupon.code}
        onPageChange={list.setPage}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ningún cupón coincide con la búsqueda"
        empty={{
          title: EMPTY_COUPONS_TITLE,
          description:
            'Creá un código (por ejemplo “MARTES10”) para que tus clientes tengan un descuento al comprar.',
          action: (
            <Button
              component={Link}
              to={paths.admin.couponNew.getHref()}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {NEW_COUPON_LABEL}
            </Button>
          ),
        }}
        minWidth={640}
        rowActions={(coupon) => [
          {
            label: 'Editar',
            icon: <IconPencil size={14} aria-hidden />,
            onClick: () => void navigate(paths.admin.coupon.getHref(coupon._id)),
          },
          {
            label: 'Eliminar',
            color: 'red',
            icon: <IconTrash size={14} aria-hidden />,
            onClick: () =>
              void confirm(deleteQuestion(coupon.code)).then((ok) => {
                if (ok) remove.mutate({ id: coupon._id, code: coupon.code })
              }),
          },
        ]}
      />
    </Stack>
  )
}
