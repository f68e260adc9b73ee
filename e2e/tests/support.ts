import { expect, type Page } from '@playwright/test'

/** Logged-out visitors get the login modal on start (spec section 4); most journeys close it first. */
export async function closeLoginModal(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Ingresá a Barrio' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

const mailboxPort = Number(process.env.E2E_PORT ?? 3199) + 2

/** The newest email the loopback SMTP server received for an address (waits for it). */
export async function latestEmail(to: string, after = 0): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`http://127.0.0.1:${mailboxPort}/messages?to=${encodeURIComponent(to)}`)
    const list = (await res.json()) as Array<{ subject: string; text: string; receivedAt: number }>
    const fresh = list.filter((m) => m.receivedAt > after)
    if (fresh.length) return fresh[fresh.length - 1]!
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no email for ${to}`)
}
