import { List, Text } from '@mantine/core'

import { InfoPage } from '@/app/routes/info/info-page'
import { WithdrawalForm } from '@/features/withdrawals/components/withdrawal-form'

export const WITHDRAWAL_TITLE = 'Botón de arrepentimiento'

/**
 * /arrepentimiento (issue 27; Res. 424/2020 SCI, Ley 24.240 art. 34): revoke an online purchase
 * without signing in. Visitors, customers and sellers reach it alike (no route rule names it).
 */
export function WithdrawalPage() {
  return (
    <InfoPage
      title={WITHDRAWAL_TITLE}
      intro="Si te arrepentiste de una compra online, podés revocarla desde acá, sin dar motivos."
    >
      <List spacing={4} lh={1.6}>
        <List.Item>
          Tenés <strong>10 días corridos</strong> desde que recibiste la compra (o desde que la
          retiraste o la hiciste, si nunca te la entregaron).
        </List.Item>
        <List.Item>
          Quedan afuera los productos perecederos, como alimentos frescos, que la ley exceptúa.
        </List.Item>
        <List.Item>No necesitás registrarte ni iniciar sesión.</List.Item>
      </List>
      <Text lh={1.6}>
        Te damos un código de arrepentimiento al instante y te lo mandamos por correo. El comercio
        revisa tu pedido y te avisamos por correo cada paso, hasta la devolución del dinero.
      </Text>
      <WithdrawalForm />
    </InfoPage>
  )
}
