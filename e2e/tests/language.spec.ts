import { expect, test, type Page } from './fixtures.ts'
import { crawl, type Role } from './crawl.ts'

/**
 * Issue 10: every word a user sees or hears is Spanish. A small detector: English words that
 * a Spanish interface never needs (none of them is also a Spanish word), checked in visible
 * text, aria-label, placeholder, title and the document title.
 */
const ENGLISH = new Set(
  `the and or of to your you with for from on is are this that not yes add cart checkout order
  orders shop shops store stores product products page found internal server sign login logout
  log out account password submit cancel save delete edit close open next previous back search
  loading settings help home price quantity payment payments delivery shipping pickup created
  updated pending paid refunded status default select choose clear new view more less show hide
  toggle navigation notifications notification push access public key pet country phone
  items item results welcome email address addresses name first last city state zip code
  street number required optional success warning copy copied upload image images
  preview remove none all today yesterday tomorrow week month year hours hour minutes am pm
  monday tuesday wednesday thursday friday saturday sunday january february march april may
  june july august september october november december dashboard inventory collection
  collections customer customers analytics taxes tax draft active archived enabled disabled
  jordan kenya malaysia germany france spain italy brazil united kingdom states sweden japan
  mexico argentina`
    .split(/\s+/)
    .filter(Boolean),
)

/** The spec's literal texts and the names that stay as they are. */
const ALLOWED_PHRASES = [
  'Page Not Found',
  'Internal Server Error',
  'Checkout',
  'Mercado Pago',
  'Google',
  'Apple',
  'WhatsApp',
  'Visa',
  'Mastercard',
  'Facebook',
  'Barrio',
  // Seed data: shop names are the shops' own.
  'Tostadero Soho',
]

/**
 * "Argentina" and "México" are the same word in Spanish. ("token" is not listed at all: Mercado
 * Pago's Spanish pages call the credential "token de acceso"; "access" still catches the English.)
 */
const SPANISH_TOO = new Set(['argentina', 'mexico'])

function englishWords(text: string): string[] {
  // Paths, web addresses and e-mail addresses are not words.
  let rest = text.replace(/\S+@\S+|https?:\/\/\S+|(?<![\w])\/[\w\-./]+/g, ' ')
  for (const phrase of ALLOWED_PHRASES) rest = rest.split(phrase).join(' ')
  return (rest.match(/[A-Za-zÀ-ÿ]+/g) ?? [])
    .map((word) => word.toLowerCase())
    .filter((word) => ENGLISH.has(word) && !SPANISH_TOO.has(word))
}

/** Visible text nodes, and the labels a screen reader or a hover reveals. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title]
    const visible = (el: Element | null) =>
      !!el &&
      (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true })
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      const parent = node.parentElement
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue
      // translate="no" marks what is not language (a shop's initials: "AM" is Almacén Mitre).
      if (parent.closest('[translate="no"]')) continue
      // Screen-reader-only text is hidden by clipping, not by display: still checked.
      if (visible(parent)) texts.push(text)
    }
    for (const el of Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [title]'),
    )) {
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(attr)
        if (value) texts.push(value)
      }
    }
    // The options of native selects (the phone picker's countries) are read aloud too.
    for (const option of Array.from(document.querySelectorAll('option'))) texts.push(option.text)
    return texts
  })
}

for (const role of ['visitor', 'customer', 'seller'] as const satisfies readonly Role[]) {
  test(`every page speaks Spanish (${role})`, async ({ page }) => {
    test.setTimeout(400_000)
    const found = new Map<string, Set<string>>()
    await crawl(page, role, async (where) => {
      for (const text of await pageTexts(page)) {
        const words = englishWords(text)
        if (!words.length) continue
        const key = `"${text.slice(0, 80)}" (${words.join(', ')})`
        if (!found.has(key)) found.set(key, new Set())
        found.get(key)!.add(where)
      }
    })
    const report = [...found].map(([text, where]) => `${text} on ${[...where].join(', ')}`)
    expect(report, report.join('\n')).toEqual([])
  })
}
