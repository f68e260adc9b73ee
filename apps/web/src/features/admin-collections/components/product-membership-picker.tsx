import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconArrowDown, IconArrowUp, IconPhoto, IconSearch, IconX } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import {
  productSearchQueryOptions,
  type ProductPick,
} from '@/api/admin/products/search-products'
import { useAppStore } from '@/lib/app-store'

export const MEMBERSHIP_SEARCH_LABEL = 'Buscar productos para agregar'

/** Moves the item at `index` one place up (-1) or down (+1). */
export function moveItem<T>(items: T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction
  if (target < 0 || target >= items.length) return items
  const next = [...items]
  const [item] = next.splice(index, 1)
  if (item !== undefined) next.splice(target, 0, item)
  return next
}

/**
 * The products of a collection, in order: search and add, remove, move up and down.
 * `known` gives titles and images for ids (members loaded from the server plus picks).
 */
export function ProductMembershipPicker({
  value,
  onChange,
  known,
  onPick,
}: {
  value: string[]
  onChange: (ids: string[]) => void
  known: Map<string, ProductPick>
  onPick: (product: ProductPick) => void
}) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, PAYLOAD_DEBOUNCE_MS)
  const results = useQuery(productSearchQueryOptions(storeId, debounced))

  const label = (id: string) => known.get(id)?.title ?? `Producto ${id.slice(0, 8)}`

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} fz="md">
          En esta colección ({value.length})
        </Title>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            Todavía no agregaste productos. Buscalos abajo.
          </Text>
        ) : (
          <Stack
            gap={6}
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Productos de la colección"
          >
            {value.map((id, index) => {
              const pick = known.get(id)
              const name = label(id)
              return (
                <Paper key={id} withBorder p="xs" radius="sm" component="li">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Text size="sm" c="dimmed" w={22} ta="right">
                        {index + 1}.
                      </Text>
                      <Avatar src={pick?.thumbUrl} alt="" size="sm" radius="sm">
                        <IconPhoto size={14} aria-hidden />
                      </Avatar>
                      <Text size="sm" truncate>
                        {name}
                      </Text>
                    </Group>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Subir ${name}`}
                        disabled={index === 0}
                        onClick={() => onChange(moveItem(value, index, -1))}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Bajar ${name}`}
                        disabled={index === value.length - 1}
                        onClick={() => onChange(moveItem(value, index, 1))}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Quitar ${name}`}
                        onClick={() => onChange(value.filter((v) => v !== id))}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Paper>
              )
            })}
          </Stack>
        )}
      </Stack>

      <Stack gap="xs">
        <TextInput
          label={MEMBERSHIP_SEARCH_LABEL}
          placeholder="Nombre del producto"
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {!storeId || results.isPending ? (
          <LoadingState label="Buscando productos…" />
        ) : results.isError ? (
          <ErrorState error={results.error} onRetry={() => void results.refetch()} />
        ) : results.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No encontramos productos{debounced.trim() ? ` con “${debounced.trim()}”` : ''}.
          </Text>
        ) : (
          <Stack gap={4} aria-label="Resultados de la búsqueda" role="list">
            {results.data.map((product) => {
              const added = value.includes(product._id)
              return (
                <Group key={product._id} justify="space-between" wrap="nowrap" role="listitem">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar src={product.thumbUrl} alt="" size="sm" radius="sm">
                      <IconPhoto size={14} aria-hidden />
                    </Avatar>
                    <Text size="sm" truncate>
                      {product.title}
                    </Text>
                  </Group>
                  <Button
                    size="compact-sm"
                    variant={added ? 'subtle' : 'light'}
                    disabled={added}
                    aria-label={
                      added
                        ? `${product.title} ya está en la colección`
                        : `Agregar ${product.title}`
                    }
                    onClick={() => {
                      onPick(product)
                      onChange([...value, product._id])
                    }}
                  >
                    {added ? 'Agregado' : 'Agregar'}
                  </Button>
                </Group>
              )
            })}
          </Stack>
        )}
      </Stack>
    </Stack>
  )
}
