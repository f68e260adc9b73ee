import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { HOME_HEADING, HOME_LEAD } from './home'

// index.html paints the home's heading and lead before the JavaScript (its largest paint on a
// first visit, issue 29); the page then draws the same words in the same place.
const indexHtml = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../index.html'),
  'utf8',
)

/** The text of the shell element with this class, as index.html writes it. */
function shellText(className: string) {
  const match = new RegExp(`<div class="[^"]*\\b${className}\\b[^"]*">([^<]*)</div>`).exec(
    indexHtml,
  )
  return match?.[1] ?? null
}

describe("the shell writes the home's first words as the page does", () => {
  test('the heading', () => {
    expect(shellText('shell-heading-home')).toBe(HOME_HEADING)
  })
  test('the line under it', () => {
    expect(shellText('shell-home-lead')).toBe(HOME_LEAD)
  })
  test('only on the home', () => {
    expect(indexHtml).toContain(
      "if (window.location.pathname === '/') document.documentElement.setAttribute('data-shell-heading', 'home')",
    )
  })
})
