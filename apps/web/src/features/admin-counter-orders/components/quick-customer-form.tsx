import type { AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import { Fieldset, Grid, TextInput } from '@mantine/core'

import { useCreateCustomer } from '@/api/admin/customers/save-customer'
import { AppForm } from '@/components/form/app-form'
import { bindPostalAddress, PostalAddressFields } from '@/components/form/postal-address-fields'
import { useAppForm } from '@/components/form/use-app-form'
import { PhoneInput } from '@/components/phone-input/phone-input'
import {
  EMPTY_QUICK_CUSTOMER,
  validateQuickCustomer,
} from '@/features/admin-counter-orders/utils/quick-forms'

/**
 * "Cliente nuevo" inside the order page: name, phone, optional e-mail and address, checked with
 * the customer contract. Its own <form>, so Enter in any field creates the customer without
 * submitting the order.
 */
export function QuickCustomerForm({
  onCreated,
  onCancel,
}: {
  onCreated: (customer: AdminCustomerDetail) => void
  onCancel: () => void
}) {
  const quick = useAppForm({
    mode: 'submit',
    initialValues: EMPTY_QUICK_CUSTOMER,
    validate: validateQuickCustomer,
    mutation: useCreateCustomer(),
    onSaved: onCreated,
  })
  const { form } = quick

  return (
    <AppForm
      form={quick}
      label="Cliente nuevo"
      submitLabel="Crear cliente"
      cancel={{ label: 'Cancelar', onClick: onCancel }}
    >
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <TextInput
            label="Nombre"
            required
            data-autofocus
            autoFocus
            maxLength={80}
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <TextInput
            label="Apellido"
            required
            maxLength={80}
            autoComplete="off"
            {...form.getInputProps('lastName')}
          />
        </Grid.Col>
      </Grid>
      <PhoneInput
        label="Teléfono"
        required
        name="quick-phone"
        value={form.values.phone}
        onChange={(phone) => form.setFieldValue('phone', phone)}
        error={quick.errorOf('phone')}
      />
      <TextInput
        label="Correo electrónico (opcional)"
        description="Si lo tenés, le mandamos el detalle del pedido."
        type="email"
        maxLength={254}
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      <Fieldset legend="Dirección de entrega (opcional)" variant="unstyled">
        <PostalAddressFields
          {...bindPostalAddress(quick, 'address')}
          lines={['floorApartment']}
          required={false}
          autofill={false}
        />
      </Fieldset>
    </AppForm>
  )
}
