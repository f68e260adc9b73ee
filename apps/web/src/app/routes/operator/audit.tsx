import { AuditLog } from '@/features/operator/components/audit-log'
import { OperatorPage } from '@/features/operator/components/operator-page'

/** /operator/audit: who did what and when, operators and stores (issue 24, decision 047). */
export function OperatorAuditPage() {
  return (
    <OperatorPage
      title="Auditoría"
      description="Cada acción del equipo de Barrio y los cambios sensibles de los comercios (equipo, medios de cobro, reembolsos y cambios de precio de más del 30 %), con cómo estaba antes y cómo quedó."
    >
      <AuditLog />
    </OperatorPage>
  )
}
