import { expect, test } from './fixtures.ts'
import { audit } from './axe.ts'
import { crawl } from './crawl.ts'

// The phone layout has its own parts (tab bar, full-screen modals, icon-only buttons): axe walks
// every customer page at 360 px too, in light and night mode.
for (const mode of ['light', 'night'] as const) {
  test(`at 360 px the customer's pages have no critical, serious or moderate axe violations (${mode})`, async ({
    page,
  }) => {
    test.setTimeout(400_000)
    await page.addInitScript((night) => {
      window.localStorage.setItem('barrio.nightMode', night ? 'true' : 'false')
    }, mode === 'night')
    const found: string[] = []
    await crawl(page, 'customer', (where) => audit(page, where, found))
    expect(found, found.join('\n\n')).toEqual([])
  })
}
