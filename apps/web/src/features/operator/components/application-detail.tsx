import {
  MERCHANT_APPLICATION_STATUS_LABELS,
  type OperatorApplication,
} from '@barrio/contracts/operator'
import { STORE_CATEGORY_LABELS } from '@barrio/contracts/common'
import { Anchor, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core'
import { lazy, Suspense, useState, type ReactNode } from 'react'

import { useApproveApplication } from '@/api/operator/applications/decide-application'
import { confirm } from '@/components/confirm/confirm'
import {
  REJECT_LABEL,
  RejectApplicationForm,
} from '@/features/operator/components/reject-application-form'
import {
  applicantName,
  cityAndProvince,
  formatCuit,
  streetLine,
} from '@/features/operator/utils/operator-format'
import { formatDateTime } from '@/lib/format'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const APPROVE_LABEL = 'Aprobar'
export const INVALID_CHECK_DIGIT = 'Dígito verificador inválido'

// Leaflet loads only when an application with a place is opened.
const PinMap = lazy(() =>
  import('@/components/maps/pin-map').then((module) => ({ default: module.PinMap })),
)
const stayPut = () => {}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  )
}

/** A CUIT, with the badge when its check digit does not add up. */
export function CuitText({ application }: { application: OperatorApplication }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text span size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatCuit(application.cuit)}
      </Text>
      {application.cuitValid ? null : (
        <Badge color="red" variant="light" size="sm">
          {INVALID_CHECK_DIGIT}
        </Badge>
      )}
    </Group>
  )
}

/**
 * Everything an application says, its place on the map and, while it is pending, the decision:
 * "Aprobar" (asked for confirmation) or "Rechazar" (with the reason the applicant will read).
 */
export function ApplicationDetail({
  application,
  onDecided,
}: {
  application: OperatorApplication
  onDecided: () => void
}) {
  const approval = useApproveApplication()
  const [rejecting, setRejecting] = useState(false)
  const { address } = application
  const pending = application.status === 'pending'

  const approve = async () => {
    const sure = await confirm({
      message: `¿Aprobar a ${application.businessName}?`,
      smallText: 'Va a poder abrir su tienda en Barrio y le avisamos por e-mail.',
    })
    if (!sure) return
    approval.mutate(application._id, {
      onSuccess: () => {
        showToast({ message: `Aprobaste a ${application.businessName}.`, type: 'success' })
        onDecided()
      },
      onError: (error) => showErrorToast(getErrorMessage(error)),
    })
  }

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge
          variant="light"
          color={pending ? 'yellow' : application.status === 'approved' ? 'green' : 'red'}
        >
          {MERCHANT_APPLICATION_STATUS_LABELS[application.status]}
        </Badge>
        <Text size="sm" c="dimmed">
          Enviada el {formatDateTime(application.createdAt)}
        </Text>
      </Group>
      <Field label="Solicitante">
        <Text>{applicantName(application)}</Text>
        <Anchor href={`mailto:${application.applicant.email}`} size="sm">
          {application.applicant.email}
        </Anchor>
      </Field>
      <Field label="CUIT">
        <CuitText application={application} />
      </Field>
      <Field label="Rubro">
        <Text>{STORE_CATEGORY_LABELS[application.category]}</Text>
      </Field>
      <Field label="Teléfono">
        <Anchor href={`tel:${application.phone}`}>{application.phone}</Anchor>
      </Field>
      <Field label="Dirección">
        <Text>{streetLine(application)}</Text>
        <Text size="sm">{cityAndProvince(application)}</Text>
      </Field>
      {address.latitude !== null && address.longitude !== null ? (
        <Suspense fallback={<Skeleton height={260} radius="md" aria-hidden />}>
          <PinMap
            latitude={address.latitude}
            longitude={address.longitude}
            onMove={stayPut}
            pinLabel={`Ubicación de ${application.businessName}`}
            label={`Mapa con la ubicación de ${application.businessName}`}
          />
        </Suspense>
      ) : (
        <Text size="sm" c="dimmed">
          La solicitud no marcó su ubicación en el mapa.
        </Text>
      )}
      {application.decidedAt ? (
        <Field label="Decidida el">
          <Text>{formatDateTime(application.decidedAt)}</Text>
        </Field>
      ) : null}
      {application.rejectionReason ? (
        <Field label="Motivo del rechazo">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{application.rejectionReason}</Text>
        </Field>
      ) : null}
      {pending ? (
        <Group gap="sm" justify="flex-end">
          <Button variant="outline" color="red" onClick={() => setRejecting(true)}>
            {REJECT_LABEL}
          </Button>
          <Button onClick={() => void approve()} loading={approval.isPending}>
            {APPROVE_LABEL}
          </Button>
        </Group>
      ) : null}
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={`Rechazar la solicitud de ${application.businessName}`}
      >
        {rejecting ? (
          <RejectApplicationForm
            application={application}
            onCancel={() => setRejecting(false)}
            onDone={() => {
              setRejecting(false)
              onDecided()
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  )
}
