import { describe, expect, test } from 'vitest'

import { accessibleTones, barrioGreen, contrastColors, theme } from '@/app/theme'

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

const WHITE = '#ffffff'
// Mantine's page backgrounds: body and gray-0 (light); dark-7 body and dark-6 surfaces (night).
const LIGHT_BACKGROUNDS = [WHITE, '#f8f9fa']
const DARK_BACKGROUNDS = ['#242424', '#2e2e2e']

describe('theme contrast (WCAG 2.2 AA)', () => {
  test('the reference ratios are what WCAG says', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21)
    // Mantine's green-7, the colour issue 10 measured at 2.74:1.
    expect(contrast('#37b24d', WHITE)).toBeCloseTo(2.74, 1)
  })

  test('white text on the filled green and green text on white pass 4.5:1 in both modes', () => {
    const shades = theme.primaryShade as { light: number; dark: number }
    for (const shade of [shades.light, shades.dark]) {
      expect(contrast(WHITE, barrioGreen[shade]!)).toBeGreaterThanOrEqual(4.5)
      for (const background of LIGHT_BACKGROUNDS) {
        expect(contrast(barrioGreen[shade]!, background)).toBeGreaterThanOrEqual(4.5)
      }
    }
  })

  test('night mode links and green text (shade 4) pass 4.5:1 on dark surfaces', () => {
    for (const background of DARK_BACKGROUNDS) {
      expect(contrast(barrioGreen[4], background)).toBeGreaterThanOrEqual(4.5)
    }
  })

  test('light-variant text (shade 9 on shade 1, shade 0 on the dark tint) passes 4.5:1', () => {
    expect(contrast(barrioGreen[9], barrioGreen[1])).toBeGreaterThanOrEqual(4.5)
  })

  test('dimmed, placeholder and error text pass 4.5:1 on their backgrounds', () => {
    for (const background of LIGHT_BACKGROUNDS) {
      for (const colour of Object.values(contrastColors.light)) {
        expect(contrast(colour, background)).toBeGreaterThanOrEqual(4.5)
      }
    }
    for (const background of DARK_BACKGROUNDS) {
      for (const colour of Object.values(contrastColors.dark)) {
        expect(contrast(colour, background)).toBeGreaterThanOrEqual(4.5)
      }
    }
  })

  test("every other colour's text, light-badge text and filled background pass 4.5:1", () => {
    // Mantine's shade 1 of each colour: the light variant's background.
    const tints: Record<keyof typeof accessibleTones, string> = {
      red: '#ffe3e3',
      orange: '#ffe8cc',
      yellow: '#fff3bf',
      lime: '#e9fac8',
      teal: '#c3fae8',
      cyan: '#c5f6fa',
      blue: '#d0ebff',
      indigo: '#dbe4ff',
      violet: '#e5dbff',
      grape: '#f3d9fa',
      pink: '#ffdeeb',
    }
    for (const [color, tone] of Object.entries(accessibleTones)) {
      expect(contrast(tone, WHITE), color).toBeGreaterThanOrEqual(4.5)
      expect(contrast(tone, LIGHT_BACKGROUNDS[1]!), color).toBeGreaterThanOrEqual(4.5)
      expect(contrast(tone, tints[color as keyof typeof tints]), color).toBeGreaterThanOrEqual(4.5)
    }
  })

  test('the focus ring (green 7 by day, green 4 by night) is 3:1 against the page', () => {
    for (const background of LIGHT_BACKGROUNDS) {
      expect(contrast(barrioGreen[7], background)).toBeGreaterThanOrEqual(3)
    }
    for (const background of DARK_BACKGROUNDS) {
      expect(contrast(barrioGreen[4], background)).toBeGreaterThanOrEqual(3)
    }
  })
})
