import type { AdminCustomer, AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import { CUSTOMER_TAG_MAX } from '@barrio/contracts/admin-customers'
import { PROVINCES } from '@barrio/contracts/provinces'
import { Fieldset, Grid, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core'

import { SellerForm } from '@/components/admin/form/seller-form'
import { useSellerForm } from '@/components/admin/form/use-seller-form'
import { PhoneInput } from '@/components/phone-input/phone-input'
import { useSaveAdminCustomer } from '@/features/seller-customers/api/save-admin-customer'
import { customerToValues, validateCustomer } from '@/features/seller-customers/utils/customer-form'

export const CUSTOMER_FORM_LABELS = {
  firstName: 'Nombre',
  lastName: 'Apellido',
  phone: 'Teléfono',
  email: 'Correo electrónico (opcional)',
  notes: 'Notas',
  tags: 'Etiquetas',
  street: 'Calle',
  number: 'Altura',
  floorApartment: 'Piso y depto. (opcional)',
  city: 'Localidad o barrio',
  province: 'Provincia',
  postalCode: 'Código postal (opcional)',
  create: 'Crear cliente',
  save: 'Guardar cambios',
} as const

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

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
  const seller = useSellerForm({
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
  const { form } = seller

  return (
    <SellerForm
      seller={seller}
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
          error={seller.errorOf('phone')}
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
          <Grid gap="sm">
            <Grid.Col span={{ base: 8, xs: 6 }}>
              <TextInput
                label={CUSTOMER_FORM_LABELS.street}
                maxLength={120}
                {...form.getInputProps('address.street')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, xs: 2 }}>
              <TextInput
                label={CUSTOMER_FORM_LABELS.number}
                maxLength={20}
                {...form.getInputProps('address.number')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <TextInput
                label={CUSTOMER_FORM_LABELS.floorApartment}
                maxLength={40}
                {...form.getInputProps('address.floorApartment')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                label={CUSTOMER_FORM_LABELS.city}
                maxLength={120}
                {...form.getInputProps('address.city')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <Select
                label={CUSTOMER_FORM_LABELS.province}
                data={PROVINCE_OPTIONS}
                searchable
                clearable
                {...form.getInputProps('address.provinceCode')}
                value={form.values.address.provinceCode || null}
                onChange={(code) => form.setFieldValue('address.provinceCode', code ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                label={CUSTOMER_FORM_LABELS.postalCode}
                maxLength={10}
                {...form.getInputProps('address.postalCode')}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>
      </Stack>
    </SellerForm>
  )
}
