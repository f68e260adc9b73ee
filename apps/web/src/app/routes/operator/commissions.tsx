import { CommissionRates } from '@/features/operator/components/commission-rates-form'
import { OperatorPage } from '@/features/operator/components/operator-page'
import { StatementBrowser } from '@/features/operator/components/statement-browser'

/** /operator/commissions: the platform's commission rates (issue 24, decision 045). */
export function OperatorCommissionsPage() {
  return (
    <OperatorPage
      title="Comisiones"
      description="Lo que Barrio cobra sobre cada pedido: una comisión general, por rubro o por tienda. Cada pedido guarda la comisión vigente cuando se hace."
    >
      <CommissionRates />
    </OperatorPage>
  )
}

/** /operator/statements: a store's monthly statement (decision 045). */
export function OperatorStatementsPage() {
  return (
    <OperatorPage
      title="Resúmenes mensuales"
      description="Pedidos, ventas y comisión de una tienda en un mes (hora de Buenos Aires), y lo que debe pagar."
    >
      <StatementBrowser />
    </OperatorPage>
  )
}
