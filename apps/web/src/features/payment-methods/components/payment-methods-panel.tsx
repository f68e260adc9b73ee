import type { PaymentMethod } from '@barrio/contracts/enums'
import { Alert, Badge, Button, Group, Paper, Radio, Skeleton, Stack, Text } from '@mantine/core'
import { IconBuildingBank, IconCash, IconCreditCard, IconWallet } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import {
  usePaymentMethods,
  type CustomerPaymentMethods,
} from '@/api/customer/payment-methods/get-payment-methods'
import { ErrorState } from '@/components/errors/error-state'
import { useSetPreferredPaymentMethod } from '@/api/customer/payment-methods/set-preferred-payment-method'
import { openLoginModal, useAppStore } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

import classes from './payment-methods.module.css'

export const NO_PREFERENCE = 'none'
export const PREFERRED_SAVED_MESSAGE = 'Guardamos tu medio de pago preferido.'

const ICONS: Partial<Record<PaymentMethod, ReactNode>> = {
  cash: <IconCash size={22} aria-hidden />,
  bank_transfer: <IconBuildingBank size={22} aria-hidden />,
  mercado_pago: <IconWallet size={22} aria-hidden />,
}

type Method = CustomerPaymentMethods['methods'][number]

function MethodContent({ method, preferred }: { method: Method; preferred: boolean }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" style={{ flex: 1 }}>
      {ICONS[method.method] ?? <IconCreditCard size={22} aria-hidden />}
      <Stack gap={2} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text fw={600}>{method.label}</Text>
          {preferred ? (
            <Badge size="sm" variant="light" tt="none">
              Preferido
            </Badge>
          ) : null}
        </Group>
        {method.description ? (
          <Text size="sm" c="dimmed">
            {method.description}
          </Text>
        ) : null}
      </Stack>
    </Group>
  )
}

/**
 * /payment-methods: the ways to pay on Barrio (each shop chooses which it accepts) and, for a
 * signed-in customer, the preferred one (preselected at checkout when the shop takes it).
 */
export function PaymentMethodsPanel() {
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const query = usePaymentMethods()
  const save = useSetPreferredPaymentMethod()

  if (query.isPending) {
    return (
      <Stack gap="sm" role="group" aria-busy="true" aria-label="Cargando los medios de pago">
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    )
  }
  if (query.isError) {
    return (
      <ErrorState
        title="No pudimos cargar los medios de pago"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }

  const { methods, preferred } = query.data

  if (!isLoggedIn) {
    return (
      <Stack gap="md">
        <ul className={classes.list} aria-label="Medios de pago en Barrio">
          {methods.map((method) => (
            <li key={method.method}>
              <Paper withBorder radius="md" p="md">
                <MethodContent method={method} preferred={false} />
              </Paper>
            </li>
          ))}
        </ul>
        <Alert color="blue" variant="light" title="¿Tenés un medio de pago preferido?">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Iniciá sesión para elegirlo: lo vamos a proponer primero cuando compres.
            </Text>
            <Button size="xs" onClick={() => openLoginModal('login')}>
              Iniciar sesión
            </Button>
          </Stack>
        </Alert>
      </Stack>
    )
  }

  const choose = (value: string) => {
    const method =
      value === NO_PREFERENCE ? null : (methods.find((m) => m.method === value)?.method ?? null)
    if (method === preferred) return
    save.mutate(method, {
      onSuccess: () =>
        showToast({
          message: method ? PREFERRED_SAVED_MESSAGE : 'Ya no tenés un medio de pago preferido.',
          type: 'success',
        }),
      onError: (error) =>
        showErrorToast(
          getErrorMessage(error, 'No pudimos guardar tu preferencia. Intentá nuevamente.'),
        ),
    })
  }

  return (
    <Radio.Group
      label="Tu medio de pago preferido"
      description="Lo proponemos primero en cada compra, si el comercio lo acepta."
      value={
        save.isPending && save.variables !== undefined
          ? (save.variables ?? NO_PREFERENCE)
          : (preferred ?? NO_PREFERENCE)
      }
      onChange={choose}
      name="preferredPaymentMethod"
    >
      <Stack gap="sm" mt="sm">
        {methods.map((method) => (
          <Radio.Card
            key={method.method}
            value={method.method}
            className={classes.card}
            radius="md"
            disabled={save.isPending}
            aria-label={method.label}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <MethodContent method={method} preferred={method.method === preferred} />
            </Group>
          </Radio.Card>
        ))}
        <Radio.Card
          value={NO_PREFERENCE}
          className={classes.card}
          radius="md"
          disabled={save.isPending}
          aria-label="Sin preferencia"
        >
          <Group wrap="nowrap" gap="sm">
            <Radio.Indicator />
            <Text fw={600}>Sin preferencia</Text>
          </Group>
        </Radio.Card>
      </Stack>
    </Radio.Group>
  )
}
