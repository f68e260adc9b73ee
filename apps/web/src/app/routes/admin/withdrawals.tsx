import { AdminPage } from '@/components/admin/admin-page'
import { WithdrawalsList } from '@/features/admin-withdrawals/components/withdrawals-list'

/** /admin/withdrawals: the botón de arrepentimiento requests of the selected store (issue 27). */
export function AdminWithdrawalsPage() {
  return (
    <AdminPage
      title="Arrepentimientos"
      description="Compras que tus clientes revocaron con el botón de arrepentimiento: tenés que aceptarlas y reembolsarlas, o rechazarlas diciendo por qué."
    >
      <WithdrawalsList />
    </AdminPage>
  )
}
