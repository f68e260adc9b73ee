import { createOpenFlag } from '@/lib/open-flag'

/** Whether the address picker (header modal) is open; any page may open it. */
const addressPicker = createOpenFlag()

export const openAddressPicker = addressPicker.open
export const closeAddressPicker = addressPicker.close
export const useAddressPickerOpen = addressPicker.useOpen
