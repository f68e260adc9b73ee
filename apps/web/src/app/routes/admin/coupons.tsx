import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'

import { useAdminCoupon } from '@/api/admin/coupons/coupons'
import { AdminPage } from '@/components/admin/admin-page'
import { LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { paths } from '@/config/paths'
import { CouponForm } from '@/features/admin-coupons/components/coupon-form'
import { CouponsList, NEW_COUPON_LABEL } from '@/features/admin-coupons/components/coupons-list'
import { useAppStore } from '@/lib/app-store'
import { PermissionGate } from '@/lib/store-role'

const backToCoupons = { href: paths.admin.coupons.getHref(), label: 'Cupones' }

/** /admin/coupons: the store's coupons (issue 28); they set what customers pay, like prices. */
export function AdminCouponsPage() {
  return (
    <PermissionGate permission="prices">
      <AdminPage
        title="Cupones"
        description="Códigos de descuento que tus clientes escriben al comprar."
        actions={
          <Button
            component={Link}
            to={paths.admin.couponNew.getHref()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {NEW_COUPON_LABEL}
          </Button>
        }
      >
        <CouponsList />
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminCouponNewPage() {
  return (
    <PermissionGate permission="prices">
      <AdminPage title={NEW_COUPON_LABEL} back={backToCoupons}>
        <CouponForm />
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminCouponPage() {
  const { couponId = '' } = useParams()
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useAdminCoupon(couponId)
  return (
    <PermissionGate permission="prices">
      <AdminPage title={query.data?.code ?? 'Cupón'} back={backToCoupons}>
        {!storeId || query.isPending ? (
          <LoadingState label="Cargando el cupón…" />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <CouponForm key={query.data._id} coupon={query.data} />
        )}
      </AdminPage>
    </PermissionGate>
  )
}
