import { COUPON_TYPE_LABELS, COUPON_TYPES, type Coupon } from '@barrio/contracts/coupons'
import {
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Stack,
  TextInput,
  Title,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from 'react-router'

import { collectionOptionsQueryOptions } from '@/api/admin/collections/get-collection-options'
import { useDeleteCoupon, useSaveAdminCoupon } from '@/api/admin/coupons/coupons'
import { MoneyInput } from '@/components/admin/money-input'
import { confirm } from '@/components/confirm/confirm'
import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { paths } from '@/config/paths'
import {
  couponToValues,
  validateCoupon,
  type CouponFormValues,
} from '@/features/admin-coupons/utils/coupon-form'
import { useAppStore } from '@/lib/app-store'

export const COUPON_FORM_LABELS = {
  code: 'Código',
  type: 'Tipo de descuento',
  percent: 'Porcentaje de descuento',
  amount: 'Importe del descuento',
  minSubtotal: 'Mínimo de compra',
  startsAt: 'Desde',
  endsAt: 'Hasta',
  maxUses: 'Usos máximos',
  maxUsesPerCustomer: 'Usos por cliente',
  firstOrderOnly: 'Solo en la primera compra',
  collections: 'Solo para productos de estas colecciones',
  create: 'Crear cupón',
  save: 'Guardar cambios',
  delete: 'Eliminar cupón',
} as const

const DELETE_CONFIRM = (code: string) => ({
  message: `¿Querés eliminar el cupón ${code}?`,
  smallText: 'Los pedidos que ya lo usaron conservan su descuento.',
})

/** A whole number input that keeps '' for "sin límite". */
const countValue = (value: number | string): number | '' =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value)

/** Create or edit a coupon: code, kind and size of the discount, conditions and limits. */
export function CouponForm({ coupon }: { coupon?: Coupon }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const navigate = useNavigate()
  const collections = useQuery(collectionOptionsQueryOptions(storeId))
  const deleteCoupon = useDeleteCoupon()
  const appForm = useAppForm({
    initialValues: couponToValues(coupon),
    validate: validateCoupon,
    mutation: useSaveAdminCoupon(),
    toVariables: (input) => ({ id: coupon?._id, input }),
    toValues: couponToValues,
    successMessage: (saved) => `Guardamos el cupón ${saved.code}.`,
    onSaved: (saved) => {
      if (!coupon) void navigate(paths.admin.coupon.getHref(saved._id), { replace: true })
    },
  })
  const { form } = appForm
  const values: CouponFormValues = form.values

  async function remove(current: Coupon) {
    if (!(await confirm(DELETE_CONFIRM(current.code)))) return
    await deleteCoupon.mutateAsync({ id: current._id, code: current.code }).then(
      () => {
        appForm.allowNavigation()
        void navigate(paths.admin.coupons.getHref())
      },
      () => undefined,
    )
  }

  const valueProps = form.getInputProps('value')

  return (
    <AppForm
      form={appForm}
      label="Formulario de cupón"
      saveLabel={coupon ? COUPON_FORM_LABELS.save : COUPON_FORM_LABELS.create}
      cleanText={coupon ? undefined : ''}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder padding="md" radius="md">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Descuento
              </Title>
              <TextInput
                label={COUPON_FORM_LABELS.code}
                description="Lo que tus clientes escriben al comprar, por ejemplo MARTES10."
                required
                maxLength={30}
                autoCapitalize="characters"
                autoComplete="off"
                {...form.getInputProps('code')}
                onChange={(event) =>
                  form.setFieldValue('code', event.currentTarget.value.toUpperCase())
                }
              />
              <Radio.Group label={COUPON_FORM_LABELS.type} {...form.getInputProps('type')}>
                <Group gap="md" mt={4}>
                  {COUPON_TYPES.map((type) => (
                    <Radio key={type} value={type} label={COUPON_TYPE_LABELS[type]} />
                  ))}
                </Group>
              </Radio.Group>
              {values.type === 'percent' ? (
                <NumberInput
                  key="percent"
                  label={COUPON_FORM_LABELS.percent}
                  required
                  suffix=" %"
                  decimalSeparator=","
                  allowedDecimalSeparators={[',', '.']}
                  decimalScale={2}
                  allowNegative={false}
                  hideControls
                  inputMode="decimal"
                  {...valueProps}
                  onChange={(value) => form.setFieldValue('value', countValue(value))}
                />
              ) : values.type === 'amount' ? (
                <MoneyInput
                  key="amount"
                  label={COUPON_FORM_LABELS.amount}
                  required
                  error={valueProps.error}
                  onBlur={valueProps.onBlur}
                  onFocus={valueProps.onFocus}
                  valueCents={values.value === '' ? null : Math.round(values.value * 100)}
                  onChangeCents={(cents) =>
                    form.setFieldValue('value', cents === null ? '' : cents / 100)
                  }
                />
              ) : null}
              <MoneyInput
                label={COUPON_FORM_LABELS.minSubtotal}
                description="Dejalo vacío si no hay mínimo."
                error={form.getInputProps('minSubtotal').error}
                valueCents={values.minSubtotal}
                onChangeCents={(cents) => form.setFieldValue('minSubtotal', cents)}
              />
              <MultiSelect
                label={COUPON_FORM_LABELS.collections}
                description="Sin colecciones, vale para toda la tienda."
                placeholder={values.collectionIds.length ? undefined : 'Toda la tienda'}
                data={collections.data ?? []}
                searchable
                clearable
                nothingFoundMessage="No hay colecciones con ese nombre"
                {...form.getInputProps('collectionIds')}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder padding="md" radius="md">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Vigencia y límites
              </Title>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  type="datetime-local"
                  label={COUPON_FORM_LABELS.startsAt}
                  miw={200}
                  {...form.getInputProps('startsAt')}
                />
                <TextInput
                  type="datetime-local"
                  label={COUPON_FORM_LABELS.endsAt}
                  miw={200}
                  {...form.getInputProps('endsAt')}
                />
              </Group>
              <Group grow align="flex-start" wrap="wrap">
                <NumberInput
                  label={COUPON_FORM_LABELS.maxUses}
                  description="Vacío: sin límite."
                  allowDecimal={false}
                  allowNegative={false}
                  min={1}
                  miw={160}
                  {...form.getInputProps('maxUses')}
                  onChange={(value) => form.setFieldValue('maxUses', countValue(value))}
                />
                <NumberInput
                  label={COUPON_FORM_LABELS.maxUsesPerCustomer}
                  description="Vacío: sin límite."
                  allowDecimal={false}
                  allowNegative={false}
                  min={1}
                  miw={160}
                  {...form.getInputProps('maxUsesPerCustomer')}
                  onChange={(value) => form.setFieldValue('maxUsesPerCustomer', countValue(value))}
                />
              </Group>
              <Checkbox
                label={COUPON_FORM_LABELS.firstOrderOnly}
                {...form.getInputProps('firstOrderOnly', { type: 'checkbox' })}
              />
              {coupon ? (
                <Button
                  variant="subtle"
                  color="red"
                  w="fit-content"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={deleteCoupon.isPending}
                  onClick={() => void remove(coupon)}
                >
                  {COUPON_FORM_LABELS.delete}
                </Button>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </AppForm>
  )
}
