import { useMediaQuery } from '@mantine/hooks'

/** Phones (below 48em): lists show stacked cards instead of tables. */
export function useIsNarrow(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false) ?? false
}
