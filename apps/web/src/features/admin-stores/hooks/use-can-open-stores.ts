import { useAppStore } from '@/lib/app-store'

/**
 * Whether the signed-in account may open stores of its own: an approved merchant. A member of
 * another's team reaches the seller area for that store only (decision 029).
 */
export function useCanOpenStores(): boolean {
  return useAppStore((s) => s.user?.merchantApproved === true)
}
