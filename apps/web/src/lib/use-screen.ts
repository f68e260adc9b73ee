import { useMediaQuery } from '@mantine/hooks'

/**
 * Whether a media query matches, right from the first render. Mantine's default reads the query in
 * an effect (for server rendering, which this app does not do), so the first paint always took the
 * wide layout and a phone re-laid the page out a frame later: a layout shift Lighthouse counted.
 */
export function useScreen(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false })
}
