import {
  FISCAL_VAT_CONDITION_LABELS,
  FISCAL_VAT_CONDITIONS,
  INVOICING_MODES,
  type FiscalSettings,
  type InvoicingMode,
} from '@barrio/contracts/invoicing'
import { NumberInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'

import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { formatCuitInput } from '@/lib/cuit'
import { useSaveFiscalSettings } from '@/api/admin/settings/save-fiscal-settings'
import {
  fiscalToValues,
  INVOICING_MODE_LABELS,
  validateFiscal,
  type FiscalFormValues,
} from '@/features/admin-settings/utils/fiscal-form'

const VAT_OPTIONS = FISCAL_VAT_CONDITIONS.map((value) => ({
  value,
  label: FISCAL_VAT_CONDITION_LABELS[value],
}))

/** The store's fiscal data as ARCA knows it: what every invoice it issues prints. */
export function FiscalSettingsForm({ settings }: { settings: FiscalSettings | null }) {
  const appForm = useAppForm({
    initialValues: fiscalToValues(settings),
    validate: validateFiscal,
    mutation: useSaveFiscalSettings(),
    toValues: fiscalToValues,
    successMessage: 'Guardamos los datos fiscales.',
  })
  const { form, inputProps } = appForm

  return (
    <AppForm
      form={appForm}
      label="Datos fiscales"
      saveLabel="Guardar datos fiscales"
      sticky={false}
      savePristine={!settings}
    >
      <Stack gap="sm">
        <TextInput
          label="Razón social"
          required
          maxLength={120}
          autoComplete="organization"
          {...inputProps('legalName')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="CUIT"
            required
            inputMode="numeric"
            placeholder="20-12345678-6"
            maxLength={13}
            {...inputProps('cuit')}
            onChange={(event) =>
              form.setFieldValue('cuit', formatCuitInput(event.currentTarget.value))
            }
          />
          <Select
            label="Condición frente al IVA"
            required
            data={VAT_OPTIONS}
            allowDeselect={false}
            placeholder="Elegí una"
            {...inputProps('vatCondition')}
          />
        </SimpleGrid>
        <TextInput
          label="Domicilio fiscal"
          required
          maxLength={200}
          {...inputProps('fiscalAddress')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Ingresos Brutos"
            description="Número de inscripción"
            required
            maxLength={30}
            {...inputProps('grossIncomeNumber')}
          />
          <TextInput
            type="date"
            label="Inicio de actividades"
            description="Como figura en ARCA"
            required
            {...inputProps('activityStartDate')}
          />
          <NumberInput
            label="Punto de venta"
            description="El de factura electrónica (web services)"
            required
            min={1}
            max={99_999}
            allowDecimal={false}
            allowNegative={false}
            {...inputProps('pointOfSale')}
          />
        </SimpleGrid>
        <Radio.Group
          label="Cuándo facturar"
          {...inputProps('invoicingMode')}
          onChange={(mode) =>
            form.setFieldValue('invoicingMode', mode as FiscalFormValues['invoicingMode'])
          }
        >
          <Stack gap="xs" mt="xs">
            {INVOICING_MODES.map((mode: InvoicingMode) => (
              <Radio key={mode} value={mode} label={INVOICING_MODE_LABELS[mode]} />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </AppForm>
  )
}
