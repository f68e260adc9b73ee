import type { TaxSetting } from '@barrio/contracts/admin-settings'
import {
  ActionIcon,
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
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { formatPercent } from '@/lib/format'
import { ErrorState } from '@/components/errors/error-state'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { confirm } from '@/components/confirm/confirm'
import { useDeleteTaxSetting } from '@/api/admin/settings/delete-tax-setting'
import { collectionOptionsQueryOptions } from '@/api/admin/collections/get-collection-options'
import { useTaxSettings } from '@/api/admin/settings/get-tax-settings'
import { useSaveTaxSetting } from '@/api/admin/settings/save-tax-setting'
import {
  applyPreset,
  TAX_PRESETS,
  taxToValues,
  validateTax,
  type TaxFormValues,
} from '@/features/admin-settings/utils/tax-form'
import { useAppStore } from '@/lib/app-store'
import { showToast } from '@/lib/toast'

export const ADD_TAX_LABEL = 'Agregar impuesto'

function TaxForm({ tax, onDone }: { tax?: TaxSetting; onDone: () => void }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const collections = useQuery(collectionOptionsQueryOptions(storeId))
  const appForm = useAppForm({
    initialValues: taxToValues(tax),
    validate: validateTax,
    mutation: useSaveTaxSetting(),
    toVariables: (input) => ({ id: tax?._id, input }),
    toValues: taxToValues,
    successMessage: (saved) => `Guardamos ${saved.name}.`,
    onSaved: onDone,
  })
  const { form } = appForm
  const values = form.values

  return (
    <AppForm
      form={appForm}
      label={tax ? 'Editar impuesto' : 'Nuevo impuesto'}
      saveLabel="Guardar impuesto"
      sticky={false}
      cleanText=""
      savePristine={!tax}
      cancel={{ label: 'Cancelar', onClick: onDone }}
    >
      <Stack gap="sm">
        <Select
          label="Tipo de impuesto"
          data={TAX_PRESETS.map(({ value, label }) => ({ value, label }))}
          allowDeselect={false}
          {...form.getInputProps('preset')}
          onChange={(value) => form.setValues(applyPreset(values, value))}
        />
        <TextInput
          label="Nombre"
          required
          maxLength={60}
          {...form.getInputProps('name')}
          onChange={(event) =>
            form.setValues({ name: event.currentTarget.value, preset: 'custom' })
          }
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
          {...form.getInputProps('rate')}
          onChange={(rate) => form.setValues({ rate, preset: 'custom' })}
        />
        <Radio.Group
          label="Se aplica a"
          {...form.getInputProps('appliesTo')}
          onChange={(appliesTo) =>
            form.setFieldValue('appliesTo', appliesTo as TaxFormValues['appliesTo'])
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
            searchable
            nothingFoundMessage="No hay colecciones"
            {...form.getInputProps('collectionIds')}
          />
        ) : null}
        <Switch
          label="Los precios ya incluyen este impuesto"
          {...form.getInputProps('included', { type: 'checkbox' })}
        />
      </Stack>
    </AppForm>
  )
}

/** The store's tax rates: name, rate, scope and whether prices include them. */
export function TaxesSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useTaxSettings()
  const deleteTax = useDeleteTaxSetting()
  const collections = useQuery(collectionOptionsQueryOptions(storeId))
  const [editing, setEditing] = useState<TaxSetting | 'new' | null>(null)
  const narrow = useIsNarrow()

  async function remove(tax: TaxSetting) {
    const ok = await confirm({ message: `¿Querés eliminar ${tax.name}?` })
    if (!ok) return
    await deleteTax.mutateAsync(tax._id).then(
      () => showToast({ message: `Eliminaste ${tax.name}.`, type: 'success' }),
      () => undefined,
    )
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
