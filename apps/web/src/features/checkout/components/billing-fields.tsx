import { FISCAL_VAT_CONDITION_LABELS, FISCAL_VAT_CONDITIONS } from '@barrio/contracts/invoicing'
import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'

import { formatCuitInput } from '@/lib/cuit'
import type { AppFormApi } from '@/components/form/use-app-form'
import type { BillingValues, CheckoutValues } from '@/features/checkout/utils/contact-form'

export const WANTS_BILLING_LABEL = 'Necesito factura A'

const VAT_OPTIONS = FISCAL_VAT_CONDITIONS.map((value) => ({
  value,
  label: FISCAL_VAT_CONDITION_LABELS[value],
}))

/**
 * "Necesito factura A" on the checkout's contact step (issue 27): the CUIT, razón social and IVA
 * condition the invoice names, sent as `contact.billing`. Unchecked, the invoice goes to a
 * consumidor final.
 */
export function BillingFields({
  appForm,
}: {
  appForm: Pick<AppFormApi<CheckoutValues>, 'form' | 'inputProps'>
}) {
  const { form, inputProps } = appForm
  const wanted = form.values.wantsBilling
  return (
    <Stack gap="sm">
      <Checkbox
        label={WANTS_BILLING_LABEL}
        description="A nombre de tu empresa o actividad, con tu CUIT."
        checked={wanted}
        onChange={(event) => form.setFieldValue('wantsBilling', event.currentTarget.checked)}
      />
      {wanted ? (
        <Stack gap="sm" role="group" aria-label="Datos para la factura">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="CUIT"
              name="contact.billing.cuit"
              inputMode="numeric"
              placeholder="30-12345678-1"
              maxLength={13}
              required
              {...inputProps('contact.billing.cuit')}
              onChange={(event) =>
                form.setFieldValue(
                  'contact.billing.cuit',
                  formatCuitInput(event.currentTarget.value),
                )
              }
            />
            <NativeSelect
              label="Condición frente al IVA"
              data={[{ value: '', label: 'Elegí una', disabled: true }, ...VAT_OPTIONS]}
              required
              {...inputProps('contact.billing.vatCondition')}
              value={form.values.contact.billing.vatCondition ?? ''}
              onChange={(event) =>
                form.setFieldValue(
                  'contact.billing.vatCondition',
                  (event.currentTarget.value || null) as BillingValues['vatCondition'],
                )
              }
            />
          </SimpleGrid>
          <TextInput
            label="Razón social"
            name="contact.billing.legalName"
            autoComplete="organization"
            maxLength={120}
            required
            {...inputProps('contact.billing.legalName')}
          />
        </Stack>
      ) : null}
    </Stack>
  )
}
