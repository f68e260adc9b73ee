import { vi } from 'vitest'

let screenWidth: number | null = null

function matches(query: string): boolean {
  if (screenWidth === null) return false
  const toPx = (value: string, unit: string) =>
    Number(value) * (unit === 'em' || unit === 'rem' ? 16 : 1)
  return query.split(/\s+and\s+/).every((part) => {
    const max = /max-width:\s*([\d.]+)(px|em|rem)/.exec(part)
    if (max) return screenWidth! <= toPx(max[1]!, max[2]!)
    const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(part)
    if (min) return screenWidth! >= toPx(min[1]!, min[2]!)
    return false
  })
}

/**
 * jsdom has no layout: by default every media query is false. A test that needs a screen size
 * (e.g. cards at 360 px) sets a width here; width queries then answer for it. Reset after each test.
 */
export function setScreenWidth(width: number | null): void {
  screenWidth = width
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  })
}
