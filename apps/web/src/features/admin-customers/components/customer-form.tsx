import type { AdminCustomer, AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import { CUSTOMER_TAG_MAX } from '@barrio/contracts/admin-customers'
import { Fieldset, Grid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core'

import { AppForm } from '@/components/form/app-form'
import { bindPostalAddress, PostalAddressFields } from '@/components/form/postal-address-fields'
import { useAppForm } from '@/components/form/use-app-form'
import { PhoneInput } from '@/components/phone-input/phone-input'
import { useSaveAdminCustomer } from '@/api/admin/customers/save-customer'
import { customerToValues, validateCustomer } from '@/features/admin-customers/utils/customer-form'

export const CUSTOMER_FORM_LABELS = {
  firstName: 'Nombre',
  lastName: 'Apellido',
  phone: 'Teléfono',
  email: 'Correo electrónico (opcional)',
  notes: 'Notas',
  tags: 'Etiquetas',
  create: 'Crear cliente',
  save: 'Guardar cambios',
} as const

/**
 * A customer's contact, address, notes and tags: creates one ("Nuevo cliente", a phone or
 * WhatsApp customer) or edits one. Lives in a modal: `onDone` closes it after saving.
 */
export function CustomerForm({
  customer,
  onDone,
  onCancel,
}: {
  customer?: AdminCustomer
  onDone: (saved: AdminCustomerDetail) => void
  onCancel: () => void
}) {
  const appForm = useAppForm({
    initialValues: customerToValues(customer),
    validate: validateCustomer,
    mutation: useSaveAdminCustomer(),
    toVariables: (input) => ({ id: customer?._id, input }),
    toValues: customerToValues,
    successMessage: (saved) =>
      customer
        ? `Guardamos los datos de ${saved.firstName} ${saved.lastName}.`
        : `Agregaste a ${saved.firstName} ${saved.lastName} a tus clientes.`,
    onSaved: onDone,
  })
  const { form } = appForm

  return (
    <AppForm
      form={appForm}
      label={customer ? 'Editar cliente' : 'Nuevo cliente'}
      saveLabel={customer ? CUSTOMER_FORM_LABELS.save : CUSTOMER_FORM_LABELS.create}
      cleanText={customer ? undefined : ''}
      sticky={false}
      cancel={{ label: 'Cancelar', onClick: onCancel }}
    >
      <Stack gap="sm" pb="md">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label={CUSTOMER_FORM_LABELS.firstName}
              required
              maxLength={80}
              autoComplete="off"
              {...form.getInputProps('firstName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label={CUSTOMER_FORM_LABELS.lastName}
              required
              maxLength={80}
              autoComplete="off"
              {...form.getInputProps('lastName')}
            />
          </Grid.Col>
        </Grid>
        <PhoneInput
          label={CUSTOMER_FORM_LABELS.phone}
          required
          value={form.values.phone}
          onChange={(phone) => form.setFieldValue('phone', phone)}
          error={appForm.errorOf('phone')}
          description="Su WhatsApp o el número al que lo llamás."
        />
        <TextInput
          label={CUSTOMER_FORM_LABELS.email}
          type="email"
          maxLength={254}
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <TagsInput
          label={CUSTOMER_FORM_LABELS.tags}
          description="Escribí una etiqueta y apretá Enter (por ejemplo: mayorista, VIP)."
          maxTags={CUSTOMER_TAG_MAX}
          clearable
          {...form.getInputProps('tags')}
        />
        <Textarea
          label={CUSTOMER_FORM_LABELS.notes}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('notes')}
        />
        <Fieldset legend="Dirección (opcional)" variant="unstyled">
          <PostalAddressFields
            {...bindPostalAddress(appForm, 'address')}
            required={false}
            autofill={false}
          />
        </Fieldset>
      </Stack>
    </AppForm>
  )
}
