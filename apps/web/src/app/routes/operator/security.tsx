import { useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'

import { paths } from '@/config/paths'
import { OperatorPage } from '@/features/operator/components/operator-page'
import { TotpCodeForm } from '@/features/operator/components/totp-code-form'
import { TotpEnrolment } from '@/features/operator/components/totp-enrolment'
import { appStore, useAppStore } from '@/lib/app-store'
import { isOperatorRoute, isSecondFactorPath, refusedPath } from '@/lib/routing-rules'

const operatorHome = paths.operator.root.getHref()

/** Where the operator was going when the second factor was asked for, else the overview. */
function nextPath(state: unknown): string {
  const from = refusedPath(state)
  return from && isOperatorRoute(from) && !isSecondFactorPath(from) ? from : operatorHome
}

/** Whether the session owed this step when the page opened (it stops owing it on success). */
function useOwedOnArrival(step: 'enrol' | 'verify'): boolean {
  const [owed] = useState(() => appStore.getState().user?.secondFactor === step)
  return owed
}

/** /operator/security/enrol: the first sign-in of an operator enrols the second factor. */
export function OperatorTotpEnrolPage() {
  const owed = useOwedOnArrival('enrol')
  const email = useAppStore((s) => s.user?.email ?? null)
  const navigate = useNavigate()
  const { state } = useLocation()
  if (!owed) return <Navigate to={operatorHome} replace />
  return (
    <OperatorPage title="Activá tu segundo factor" narrow>
      <TotpEnrolment
        email={email}
        onDone={() => void navigate(nextPath(state), { replace: true })}
      />
    </OperatorPage>
  )
}

/** /operator/security/verify: every sign-in of an enrolled operator confirms the factor. */
export function OperatorTotpVerifyPage() {
  const owed = useOwedOnArrival('verify')
  const navigate = useNavigate()
  const { state } = useLocation()
  if (!owed) return <Navigate to={operatorHome} replace />
  return (
    <OperatorPage
      title="Confirmá que sos vos"
      description="Ingresá el código de 6 números que muestra tu app de autenticación. Si no la tenés a mano, usá uno de tus códigos de recuperación."
      narrow
    >
      <TotpCodeForm
        accepts="any"
        submitLabel="Verificar"
        onVerified={() => void navigate(nextPath(state), { replace: true })}
      />
    </OperatorPage>
  )
}
