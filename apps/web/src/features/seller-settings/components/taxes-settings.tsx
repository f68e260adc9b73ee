import { taxSettingInputSchema, type TaxSetting } from '@barrio/contracts/admin-settings'
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import { validateWith, type FieldErrors } from '@/components/admin/form-errors'
import { formatPercent } from '@/lib/format'
import { toNumber, type NumberFieldValue } from '@/components/admin/numbers'
import { ErrorState } from '@/components/errors/error-state'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { confirm } from '@/components/confirm/confirm'
import { collectionOptionsQueryOptions } from '@/features/seller-settings/api/get-collection-options'
import {
  createTaxSetting,
  deleteTaxSetting,
  taxesKey,
  taxesQueryOptions,
  updateTaxSetting,
} from '@/features/seller-settings/api/taxes'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const TAX_PRESETS = [
  { value: 'iva21', label: 'IVA 21 %', name: 'IVA 21 %', rate: 21 },
  { value: 'iva105', label: 'IVA 10,5 %', name: 'IVA 10,5 %', rate: 10.5 },
  { value: 'custom', label: 'Personalizado', name: '', rate: null },
] as const
type PresetValue = (typeof TAX_PRESETS)[number]['value']

export const ADD_TAX_LABEL = 'Agregar impuesto'

type TaxValues = {
  preset: PresetValue
  name: string
  rate: NumberFieldValue
  appliesTo: 'all' | 'collections'
  collectionIds: string[]
  included: boolean
}

function presetOf(tax: Pick<TaxSetting, 'name' | 'rate'>): PresetValue {
  return TAX_PRESETS.find((p) => p.rate === tax.rate && p.name === tax.name)?.value ?? 'custom'
}

function toValues(tax?: TaxSetting): TaxValues {
  if (!tax) {
    return {
      preset: 'iva21',
      name: 'IVA 21 %',
      rate: 21,
      appliesTo: 'all',
      collectionIds: [],
      included: true,
    }
  }
  return {
    preset: presetOf(tax),
    name: tax.name,
    rate: tax.rate,
    appliesTo: tax.appliesTo,
    collectionIds: [...tax.collectionIds],
    included: tax.included,
  }
}

function TaxForm({ tax, onDone }: { tax?: TaxSetting; onDone: () => void }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const collections = useQuery(collectionOptionsQueryOptions(storeId))
  const [values, setValues] = useState<TaxValues>(() => toValues(tax))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const result = validateWith(taxSettingInputSchema, {
      name: values.name,
      rate: toNumber(values.rate),
      appliesTo: values.appliesTo,
      collectionIds: values.appliesTo === 'collections' ? values.collectionIds : [],
      included: values.included,
    })
    if (!result.success) {
      setErrors(result.errors)
      return
    }
    setSaving(true)
    try {
      if (tax) await updateTaxSetting(tax._id, result.data)
      else await createTaxSetting(result.data)
      await queryClient.invalidateQueries({ queryKey: taxesKey(storeId) })
      showToast({ message: `Guardamos ${result.data.name}.`, type: 'success' })
      onDone()
    } catch (error) {
      setErrors(getFieldErrors(error))
      setFormError(getErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Select
          label="Tipo de impuesto"
          data={TAX_PRESETS.map(({ value, label }) => ({ value, label }))}
          value={values.preset}
          allowDeselect={false}
          onChange={(value) => {
            const preset = TAX_PRESETS.find((p) => p.value === value) ?? TAX_PRESETS[2]
            setValues((v) => ({
              ...v,
              preset: preset.value,
              name: preset.value === 'custom' ? (v.preset === 'custom' ? v.name : '') : preset.name,
              rate: preset.rate ?? (v.preset === 'custom' ? v.rate : ''),
            }))
          }}
        />
        <TextInput
          label="Nombre"
          required
          maxLength={60}
          value={values.name}
          error={errors.name}
          onChange={(event) => {
            const name = event.currentTarget.value
            setValues((v) => ({ ...v, name, preset: 'custom' }))
          }}
        />
        <NumberInput
          label="Alícuota (%)"
          required
          suffix=" %"
          decimalSeparator=","
          decimalScale={2}
          min={0}
          max={100}
          allowNegative={false}
          value={values.rate}
          error={errors.rate}
          onChange={(rate) => setValues((v) => ({ ...v, rate, preset: 'custom' }))}
        />
        <Radio.Group
          label="Se aplica a"
          value={values.appliesTo}
          onChange={(appliesTo) =>
            setValues((v) => ({ ...v, appliesTo: appliesTo as TaxValues['appliesTo'] }))
          }
        >
          <Stack gap="xs" mt="xs">
            <Radio value="all" label="Todos los productos" />
            <Radio value="collections" label="Solo algunas colecciones" />
          </Stack>
        </Radio.Group>
        {values.appliesTo === 'collections' ? (
          <MultiSelect
            label="Colecciones"
            placeholder={collections.isPending ? 'Cargando…' : 'Elegí las colecciones'}
            data={collections.data ?? []}
            value={values.collectionIds}
            searchable
            nothingFoundMessage="No hay colecciones"
            error={errors.collectionIds}
            onChange={(collectionIds) => setValues((v) => ({ ...v, collectionIds }))}
          />
        ) : null}
        <Switch
          label="Los precios ya incluyen este impuesto"
          checked={values.included}
          onChange={(event) => {
            const included = event.currentTarget.checked
            setValues((v) => ({ ...v, included }))
          }}
        />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Guardar impuesto
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The store's tax rates: name, rate, scope and whether prices include them. */
export function TaxesSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const query = useQuery(taxesQueryOptions(storeId))
  const collections = useQuery(collectionOptionsQueryOptions(storeId))
  const [editing, setEditing] = useState<TaxSetting | 'new' | null>(null)
  const narrow = useIsNarrow()

  async function remove(tax: TaxSetting) {
    const ok = await confirm({ message: `¿Querés eliminar ${tax.name}?` })
    if (!ok) return
    try {
      await deleteTaxSetting(tax._id)
      await queryClient.invalidateQueries({ queryKey: taxesKey(storeId) })
      showToast({ message: `Eliminaste ${tax.name}.`, type: 'success' })
    } catch (error) {
      showErrorToast(getErrorMessage(error))
    }
  }

  const collectionName = (id: string) =>
    collections.data?.find((c) => c.value === id)?.label ?? 'Colección'
  const scope = (tax: TaxSetting) =>
    tax.appliesTo === 'all' ? (
      'Todos los productos'
    ) : (
      <Group gap={4}>
        {tax.collectionIds.map((id) => (
          <Badge key={id} variant="light" size="sm">
            {collectionName(id)}
          </Badge>
        ))}
      </Group>
    )
  const actions = (tax: TaxSetting) => (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`Editar ${tax.name}`}
        onClick={() => setEditing(tax)}
      >
        <IconEdit size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Eliminar ${tax.name}`}
        onClick={() => void remove(tax)}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  )

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          disabled={!storeId}
        >
          {ADD_TAX_LABEL}
        </Button>
      </Group>
      {!storeId || query.isPending ? (
        <LoadingState label="Cargando impuestos…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyBlock
          title="No configuraste impuestos"
          description="Agregá el IVA u otras alícuotas que se aplican a tus ventas."
        />
      ) : narrow ? (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Impuestos"
        >
          {query.data.map((tax) => (
            <Paper key={tax._id} withBorder p="sm" radius="md" component="li">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4}>
                  <Text fw={600}>
                    {tax.name} · {formatPercent(tax.rate)}
                  </Text>
                  <Text size="sm" component="div">
                    {scope(tax)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {tax.included ? 'Incluido en los precios' : 'Se suma a los precios'}
                  </Text>
                </Stack>
                {actions(tax)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer label="Tabla de impuestos" minWidth={620}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Alícuota</Table.Th>
                <Table.Th>Se aplica a</Table.Th>
                <Table.Th>Precios con impuesto incluido</Table.Th>
                <Table.Th>
                  <Text span fw={700} fz="sm">
                    Acciones
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((tax) => (
                <Table.Tr key={tax._id}>
                  <Table.Td fw={600}>{tax.name}</Table.Td>
                  <Table.Td>{formatPercent(tax.rate)}</Table.Td>
                  <Table.Td>{scope(tax)}</Table.Td>
                  <Table.Td>{tax.included ? 'Sí' : 'No'}</Table.Td>
                  <Table.Td>{actions(tax)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Nuevo impuesto' : 'Editar impuesto'}
        centered
      >
        {editing !== null ? (
          <TaxForm
            key={editing === 'new' ? 'new' : editing._id}
            tax={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  )
}
