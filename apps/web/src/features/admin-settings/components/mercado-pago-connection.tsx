import {
  MERCADO_PAGO_CONNECT_ERRORS,
  MERCADO_PAGO_CONNECT_MESSAGES,
  MERCADO_PAGO_REASON_PARAM,
  MERCADO_PAGO_RESULT_PARAM,
  type MercadoPagoConnectError,
} from '@barrio/contracts/mercado-pago-connection'
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'

import { useConnectMercadoPago } from '@/api/admin/settings/connect-mercado-pago'
import { useDisconnectMercadoPago } from '@/api/admin/settings/disconnect-mercado-pago'
import { useMercadoPagoConnection } from '@/api/admin/settings/get-mercado-pago-connection'
import { LoadingState } from '@/components/admin/page-states'
import { confirm } from '@/components/confirm/confirm'
import { ErrorState } from '@/components/errors/error-state'
import { formatDate } from '@/lib/format'
import { showToast } from '@/lib/toast'

export const CONNECT_LABEL = 'Conectar con Mercado Pago'
export const DISCONNECT_LABEL = 'Desconectar'

/**
 * After Mercado Pago sends the seller back (the API's callback redirects here with
 * `?mercadoPago=connected` or `?mercadoPago=error&reason=…`): one toast, and the flag leaves the URL
 * so that a reload or a shared link does not show it again.
 */
function useConnectResultToast() {
  const [params, setParams] = useSearchParams()
  const result = params.get(MERCADO_PAGO_RESULT_PARAM)
  const reason = params.get(MERCADO_PAGO_REASON_PARAM)
  const shown = useRef(false)
  useEffect(() => {
    if (!result || shown.current) return
    shown.current = true
    if (result === 'connected') {
      showToast({ message: MERCADO_PAGO_CONNECT_MESSAGES.connected, type: 'success' })
    } else {
      const known = (MERCADO_PAGO_CONNECT_ERRORS as readonly string[]).includes(reason ?? '')
      showToast({
        message:
          MERCADO_PAGO_CONNECT_MESSAGES[known ? (reason as MercadoPagoConnectError) : 'refused'],
        type: 'error',
      })
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(MERCADO_PAGO_RESULT_PARAM)
        next.delete(MERCADO_PAGO_REASON_PARAM)
        return next
      },
      { replace: true },
    )
  }, [result, reason, setParams])
}

/**
 * The store's Mercado Pago account connected through OAuth (decision 049): "Conectar con Mercado
 * Pago" leaves for Mercado Pago's authorization page; once connected, the account, since when, and
 * "Desconectar" after a confirmation. The pasted access token below stays as the other way.
 */
export function MercadoPagoConnectionSection() {
  useConnectResultToast()
  const connection = useMercadoPagoConnection()
  const connect = useConnectMercadoPago()
  const disconnect = useDisconnectMercadoPago()

  async function onDisconnect() {
    const ok = await confirm({
      message: '¿Querés desconectar tu cuenta de Mercado Pago?',
      smallText:
        'Tus clientes dejan de pagar con esa cuenta. Si no tenés un token de acceso pegado, Mercado Pago se desactiva hasta que vuelvas a conectarla.',
    })
    if (!ok) return
    await disconnect.mutateAsync().then(
      () => showToast({ message: 'Desconectaste tu cuenta de Mercado Pago.', type: 'success' }),
      () => undefined,
    )
  }

  let body
  if (connection.isPending) {
    body = <LoadingState label="Cargando la conexión con Mercado Pago…" />
  } else if (connection.isError) {
    body = <ErrorState error={connection.error} onRetry={() => void connection.refetch()} />
  } else if (connection.data.connected) {
    const data = connection.data
    body = (
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color="green" variant="light">
            Conectada
          </Badge>
        </Group>
        <Text size="sm">
          Cuenta de Mercado Pago N.º <strong>{data.mpUserId}</strong>
        </Text>
        {data.connectedAt ? (
          <Text size="sm" c="dimmed">
            Conectada desde el {formatDate(data.connectedAt)}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          Cobrás en tu cuenta y Mercado Pago descuenta la comisión de Barrio de cada pago.
        </Text>
        <Group>
          <Button
            variant="outline"
            color="red"
            loading={disconnect.isPending}
            onClick={() => void onDisconnect()}
          >
            {DISCONNECT_LABEL}
          </Button>
        </Group>
      </Stack>
    )
  } else if (!connection.data.available) {
    body = (
      <Text size="sm" c="dimmed">
        La conexión con Mercado Pago todavía no está disponible en Barrio. Mientras tanto podés
        pegar tu token de acceso en Mercado Pago, más abajo.
      </Text>
    )
  } else {
    body = (
      <Stack gap="xs">
        <Text size="sm">
          Conectá tu cuenta para cobrar con Mercado Pago: los pagos entran a tu cuenta y Mercado
          Pago descuenta la comisión de Barrio en el momento, así no te queda saldo por pagar.
        </Text>
        {connection.data.pastedToken ? (
          <Text size="sm" c="dimmed">
            Hoy cobrás con un token de acceso pegado: sigue funcionando hasta que conectes tu
            cuenta, y la comisión de esos pedidos queda como saldo a pagar.
          </Text>
        ) : null}
        <Group>
          <Button loading={connect.isPending || connect.isSuccess} onClick={() => connect.mutate()}>
            {CONNECT_LABEL}
          </Button>
        </Group>
      </Stack>
    )
  }

  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-label="Cuenta de Mercado Pago"
    >
      <Stack gap="sm">
        <Title order={2} fz="md">
          Cuenta de Mercado Pago
        </Title>
        {body}
      </Stack>
    </Card>
  )
}
