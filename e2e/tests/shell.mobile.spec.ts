import { expect, test } from '@playwright/test'
import { closeLoginModal } from './support.ts'

test('at 360 px the shell fits without horizontal scrolling', async ({ page }) => {
  await page.goto('/')
  await closeLoginModal(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Barrio' })).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
})
