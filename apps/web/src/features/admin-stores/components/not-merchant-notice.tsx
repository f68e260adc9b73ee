import { Alert, Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'

import { paths } from '@/config/paths'

export const NOT_MERCHANT_TITLE = 'Tu cuenta no puede abrir tiendas propias'
export const NOT_MERCHANT_TEXT =
  'Trabajás en el equipo de las tiendas que te invitaron. Para abrir una tienda tuya, pedí el alta como vendedor desde Mi cuenta.'

/** Why a member of another's team is not offered "Nueva tienda" (decision 029, issue 22). */
export function NotMerchantNotice() {
  return (
    <Alert variant="light" color="blue" title={NOT_MERCHANT_TITLE} role="status">
      <Text size="sm">{NOT_MERCHANT_TEXT}</Text>
      <Anchor component={Link} to={paths.account.getHref()} size="sm" mt="xs" display="block">
        Ir a Mi cuenta
      </Anchor>
    </Alert>
  )
}
