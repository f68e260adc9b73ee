import { CATALOG_IMPORT_ACCEPT, type CatalogImportError } from '@barrio/contracts/catalog-csv'
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import {
  useCatalogImport,
  useStartCatalogImport,
  useValidateCatalogCsv,
} from '@/api/admin/products/catalog-csv'
import { invalidateProductAreas } from '@/api/admin/products/save-product'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'
import { plural } from '@/lib/format'

/** The rows the API refused: row, column and why (the message already says "Fila N: …"). */
function RowErrors({ errors }: { errors: CatalogImportError[] }) {
  return (
    <Table.ScrollContainer minWidth={300} type="native" mah={320}>
      <Table striped verticalSpacing="xs" aria-label="Errores por fila">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fila</Table.Th>
            <Table.Th>Columna</Table.Th>
            <Table.Th>Problema</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((error, i) => (
            <Table.Tr key={`${error.row}-${error.field}-${i}`}>
              <Table.Td>{error.row}</Table.Td>
              <Table.Td>{error.field || '—'}</Table.Td>
              <Table.Td>{error.message.replace(/^Fila \d+: /, '')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

type CatalogImportModalProps = { opened: boolean; onClose: () => void }

/**
 * "Importar CSV o Excel" (issue 28, decisions 055 and 057): pick the file (CSV or .xlsx),
 * "Validar" lists the rows with errors and writes nothing, "Importar" starts the import and a
 * progress bar follows it until done, then the images by URL as they are fetched.
 */
export function CatalogImportModal({ opened, onClose }: CatalogImportModalProps) {
  const narrow = useIsNarrow()
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [importId, setImportId] = useState<string | null>(null)
  const validate = useValidateCatalogCsv()
  const start = useStartCatalogImport()
  const progress = useCatalogImport(importId)
  const state = progress.data
  const running = Boolean(importId) && state?.status !== 'done' && state?.status !== 'failed'

  // Once finished, the lists show the new catalogue.
  const finishedStatus =
    state?.status === 'done' || state?.status === 'failed' ? state.status : null
  useEffect(() => {
    if (finishedStatus) void invalidateProductAreas(queryClient, storeId)
  }, [finishedStatus, queryClient, storeId])

  const pick = (picked: File | null) => {
    setFile(picked)
    setImportId(null)
    validate.reset()
    start.reset()
  }
  const checked = validate.data
  const percent = state && state.total > 0 ? Math.round((state.processed / state.total) * 100) : 0
  // Every row written, the images by URL still coming.
  const fetchingImages =
    state?.status === 'running' &&
    state.processed === state.total &&
    state.images.done < state.images.total
  const failure = validate.error ?? start.error ?? progress.error

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Importar productos desde un CSV o Excel"
      size="lg"
      fullScreen={narrow}
      closeOnClickOutside={!running}
    >
      <Stack gap="sm">
        <Text size="sm">
          Usá el formato de &quot;Exportar CSV&quot;: una fila por variante. Los productos se buscan
          por SKU y, si no, por su identificador (handle); los demás se crean. De un Excel (.xlsx)
          se lee la primera hoja. Las imágenes de la columna &quot;images&quot; (direcciones web
          separadas por |) se agregan después de guardar cada producto.
        </Text>
        <FileInput
          label="Archivo CSV o Excel"
          placeholder="Elegí el archivo (.csv o .xlsx)"
          accept={CATALOG_IMPORT_ACCEPT}
          clearable
          value={file}
          onChange={pick}
          disabled={running}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {getErrorMessage(failure, 'No pudimos leer el archivo. Probá de nuevo.')}
          </Alert>
        ) : null}

        {checked && !importId ? (
          checked.errors.length ? (
            <Stack gap="xs">
              <Text size="sm" role="status">
                {plural(checked.errors.length, 'error', 'errores')} en{' '}
                {plural(checked.total, 'fila', 'filas')}. Corregí el archivo y validalo de nuevo.
              </Text>
              <RowErrors errors={checked.errors} />
            </Stack>
          ) : (
            <Text size="sm" role="status">
              {plural(checked.total, 'fila', 'filas')} sin errores. Ya podés importar.
            </Text>
          )
        ) : null}

        {importId && state ? (
          <Stack gap="xs">
            <Text size="sm" role="status">
              {state.status === 'validating' && 'Revisando las filas…'}
              {state.status === 'running' &&
                !fetchingImages &&
                `Importando… ${state.processed} de ${plural(state.total, 'fila', 'filas')}`}
              {fetchingImages &&
                `Agregando las imágenes… ${state.images.done} de ${state.images.total}`}
              {state.status === 'done' &&
                `Listo: ${plural(state.created, 'producto creado', 'productos creados')} y ${plural(state.updated, 'producto actualizado', 'productos actualizados')}.`}
              {state.status === 'failed' &&
                `La importación se detuvo: ${plural(state.created, 'producto creado', 'productos creados')} y ${plural(state.updated, 'producto actualizado', 'productos actualizados')} antes del error.`}
            </Text>
            <Progress
              value={
                state.status === 'done'
                  ? 100
                  : fetchingImages
                    ? Math.round((state.images.done / state.images.total) * 100)
                    : percent
              }
              animated={running}
              color={state.status === 'failed' ? 'red' : undefined}
              aria-label="Progreso de la importación"
            />
            {state.errors.length ? <RowErrors errors={state.errors} /> : null}
          </Stack>
        ) : null}

        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={running}>
            {state?.status === 'done' ? 'Cerrar' : 'Cancelar'}
          </Button>
          <Button
            variant="light"
            disabled={!file || running}
            loading={validate.isPending}
            onClick={() => file && validate.mutate(file)}
          >
            Validar
          </Button>
          <Button
            disabled={!file || running || Boolean(checked?.errors.length)}
            loading={start.isPending || (running && Boolean(importId))}
            onClick={() =>
              file && start.mutate(file, { onSuccess: (started) => setImportId(started.importId) })
            }
          >
            Importar
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
