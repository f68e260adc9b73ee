import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Issue 10: none of these on the 18 key pages, in light or night mode. */
const BLOCKING_IMPACTS = ['critical', 'serious', 'moderate']

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

/** One readable block per violation: rule, impact, help and the first elements it hit. */
function report(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n')
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : ''
      return `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})\n${nodes}${more}`
    })
    .join('\n')
}

async function blockingViolations(page: Page): Promise<Violation[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations.filter((v) => BLOCKING_IMPACTS.includes(v.impact ?? ''))
}

/**
 * Runs axe on the page as it is once transitions have finished (a modal fading in would read
 * as low contrast) and records the blocking violations under the page's name. A toast can start
 * fading in or out after that wait, mid-scan: a finding is only kept if a second scan, once the
 * page is still again, finds it too (a real violation does not go away by itself).
 */
export async function audit(page: Page, where: string, found: string[]) {
  let blocking = await blockingViolations(page)
  if (blocking.length) {
    await page.waitForTimeout(1_000)
    const again = new Set((await blockingViolations(page)).map((v) => v.id))
    blocking = blocking.filter((v) => again.has(v.id))
  }
  if (blocking.length) found.push(`── ${where}\n${report(blocking)}`)
}
