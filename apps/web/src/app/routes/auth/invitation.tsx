import { STORE_ROLE_LABELS } from '@barrio/contracts/permissions'
import { Alert, Avatar, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { getSession } from '@/api/shared/auth/get-session'
import { acceptInvitation, useInvitation } from '@/api/admin/collaborators/invitation'
import { openLoginModalWithEmail } from '@/features/auth/utils/login-prefill'
import { setSelectedStoreId, setUser, useAppStore } from '@/lib/app-store'
import { getErrorMessage, isApiError } from '@/lib/http/api-error'
import { formatDate } from '@/lib/format'
import { appTypeSwitchLink } from '@/lib/routing-rules'

/** What each refusal means to the person holding the link (decision 029). */
export const INVITATION_PROBLEMS = {
  expired: 'Esta invitación venció. Pedile al comercio que te envíe una nueva.',
  used: 'Esta invitación ya se usó. Si ya sos parte del equipo, entrá al panel del vendedor.',
  revoked: 'El comercio anuló esta invitación.',
  invalid:
    'El enlace de la invitación no es válido. Revisá que lo hayas copiado completo o pedile al comercio uno nuevo.',
} as const

/**
 * A link the server refuses by its shape (400) or does not know (404). The server's validation
 * message names the route parameter ("Revisá los datos: token: …"): the page says it in plain
 * Spanish instead (issue 30).
 */
function isBadLink(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 400 || error.statusCode === 404)
}

/**
 * /invitations/{token}: the store and role offered; a visitor signs in or creates an account on
 * the way (the login modal, with the invitation's e-mail filled in), then accepts and lands in the
 * store's back office, in the seller app whichever app they were using.
 */
export function InvitationPage() {
  const { token = '' } = useParams()
  const invitation = useInvitation(token)
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const user = useAppStore((s) => s.user)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (accepted) => {
      setUser(await getSession(), { persist: true })
      setSelectedStoreId(accepted.store._id)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      // The store's work is in the seller app: a seller shopping as a customer (or anyone still in
      // the customer app) is switched on the way, or the dashboard would answer /unauthorized
      // (decision 036).
      const { to, state } = appTypeSwitchLink('admin', paths.admin.dashboard.getHref())
      void navigate(to, { state })
    },
  })

  const acceptError =
    accept.error && isApiError(accept.error)
      ? accept.error.code === 'INVITATION_EXPIRED'
        ? INVITATION_PROBLEMS.expired
        : accept.error.code === 'INVITATION_USED'
          ? INVITATION_PROBLEMS.used
          : accept.error.code === 'INVITATION_REVOKED'
            ? INVITATION_PROBLEMS.revoked
            : accept.error.statusCode === 400
              ? INVITATION_PROBLEMS.invalid
              : getErrorMessage(accept.error)
      : accept.error
        ? getErrorMessage(accept.error)
        : null

  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>Invitación al equipo</Title>
        {invitation.isPending ? (
          <LoadingState label="Cargando la invitación…" />
        ) : invitation.isError ? (
          isBadLink(invitation.error) ? (
            <ErrorState
              title="No encontramos esa invitación"
              message={INVITATION_PROBLEMS.invalid}
            />
          ) : (
            <ErrorState
              title="No pudimos cargar la invitación"
              error={invitation.error}
              onRetry={() => void invitation.refetch()}
              retrying={invitation.isFetching}
            />
          )
        ) : (
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <Group gap="sm" wrap="nowrap">
                <Avatar src={invitation.data.store.logoUrl} alt="" radius="sm">
                  {invitation.data.store.name.slice(0, 1)}
                </Avatar>
                <div>
                  <Text fw={700} size="lg">
                    {invitation.data.store.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {invitation.data.invitedBy
                      ? `${invitation.data.invitedBy} te invitó como ${STORE_ROLE_LABELS[invitation.data.role]}`
                      : `Te invitaron como ${STORE_ROLE_LABELS[invitation.data.role]}`}
                  </Text>
                </div>
              </Group>
              <Text size="sm">
                Para {invitation.data.email}. Vence el {formatDate(invitation.data.expiresAt)}.
              </Text>
              {invitation.data.status !== 'pending' ? (
                <Alert color="red" role="alert" title="No se puede aceptar">
                  {INVITATION_PROBLEMS[invitation.data.status]}
                </Alert>
              ) : !isLoggedIn ? (
                <Stack gap="xs">
                  <Text size="sm">
                    Ingresá o creá tu cuenta con {invitation.data.email} para aceptar.
                  </Text>
                  <Group grow>
                    <Button onClick={() => openLoginModalWithEmail('login', invitation.data.email)}>
                      Iniciá sesión
                    </Button>
                    <Button
                      variant="default"
                      onClick={() => openLoginModalWithEmail('registration', invitation.data.email)}
                    >
                      Creá tu cuenta
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Stack gap="xs">
                  {user && user.email.toLowerCase() !== invitation.data.email.toLowerCase() ? (
                    <Alert color="yellow" role="status">
                      Ingresaste como {user.email}, pero la invitación es para{' '}
                      {invitation.data.email}. Cerrá sesión e ingresá con esa cuenta.
                    </Alert>
                  ) : null}
                  {acceptError ? (
                    <Alert color="red" role="alert">
                      {acceptError}
                    </Alert>
                  ) : null}
                  <Button onClick={() => accept.mutate()} loading={accept.isPending}>
                    Aceptar invitación
                  </Button>
                </Stack>
              )}
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  )
}
