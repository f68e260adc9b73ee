import { ApplicationsQueue } from '@/features/operator/components/applications-queue'
import { OperatorPage } from '@/features/operator/components/operator-page'

/** /operator/merchants: the merchant applications to vet (issue 24). */
export function OperatorApplicationsPage() {
  return (
    <OperatorPage
      title="Comercios"
      description="Las solicitudes de quienes quieren vender en Barrio: revisá sus datos y aprobalas o rechazalas."
    >
      <ApplicationsQueue />
    </OperatorPage>
  )
}
