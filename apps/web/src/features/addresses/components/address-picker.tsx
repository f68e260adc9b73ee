import { Box, Group, Skeleton, Text, UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconMapPin } from '@tabler/icons-react'

import { useAddresses } from '@/features/addresses/api/get-addresses'
import { useAddressSync } from '@/features/addresses/api/load-addresses'
import { useSelectedAddress } from '@/features/addresses/api/use-selected-address'
import {
  openAddressPicker,
  useAddressPickerOpen,
} from '@/features/addresses/utils/address-picker-store'
import {
  shortAddress,
  type ConfirmAddressChange,
} from '@/features/addresses/utils/address-selection'
import { lazyOnOpen } from '@/lib/lazy-on-open'

import classes from './addresses.module.css'

export const CHOOSE_ADDRESS_LABEL = 'Elegí tu dirección'

const AddressPickerModal = lazyOnOpen(() =>
  import('@/features/addresses/components/address-picker-modal').then((m) => m.AddressPickerModal),
)

/**
 * The header's address button (every customer page): the selected address, or "Elegí tu
 * dirección". It opens the picker, and keeps the selection in step with the address list.
 */
export function AddressPickerButton({
  confirmChange,
}: {
  /** Asked before another address is selected (it empties the cart). */
  confirmChange?: ConfirmAddressChange
} = {}) {
  const query = useAddresses()
  useAddressSync(query.list, { isSuccess: query.isSuccess, dataUpdatedAt: query.dataUpdatedAt })
  const { address, isLoading } = useSelectedAddress()
  const pickerOpen = useAddressPickerOpen()

  return (
    <>
      <UnstyledButton
        onClick={openAddressPicker}
        className={classes.pickerButton}
        aria-haspopup="dialog"
        py={6}
      >
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={18} aria-hidden color="var(--mantine-color-green-7)" />
          {address ? (
            <Text size="sm" truncate="end">
              <Text span size="sm" c="dimmed">
                Entregar en
              </Text>{' '}
              <Text span size="sm" fw={600}>
                {shortAddress(address)}
              </Text>
            </Text>
          ) : isLoading ? (
            // As tall as the line of text that replaces it, so the header does not grow (CLS).
            <Box h="calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm))" py={3}>
              <Skeleton h="100%" width={160} role="img" aria-label="Cargando tu dirección" />
            </Box>
          ) : (
            <Text size="sm" fw={600}>
              {CHOOSE_ADDRESS_LABEL}
            </Text>
          )}
          <IconChevronDown size={16} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
      </UnstyledButton>
      <AddressPickerModal open={pickerOpen} confirmChange={confirmChange} />
    </>
  )
}
