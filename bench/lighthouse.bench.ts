/**
 * Lighthouse on the built app with the demo seed (issue 10, "Speed"; issue 29): the customer's
 * phone pages (home, shop, product, search results, checkout review) and the seller's dashboard,
 * each measured three times, medians written to bench/README.md.
 *
 * 1. Starts the built API (apps/api/dist/server.js, which also serves the built web app) on a free
 *    port with a fresh embedded database in a temp DATA_DIR, seeded with the demo marketplace.
 * 2. Prepares the client state a page needs in the same browser, through the UI as a person would
 *    (puppeteer driving Debian's Chromium): an address chosen in the header (Gurruchaga 1723,
 *    Palermo), a cart at Tostadero Soho and the demo customer signed in up to the checkout review
 *    (pickup and cash),
 *    the demo seller signed in for /admin/dashboard.
 * 3. Runs Lighthouse (mobile form factor, its default simulated slow 4G + 4x CPU throttling) on each
 *    page with `disableStorageReset` so the prepared cookies and localStorage stay (the HTTP cache
 *    is emptied before each run: every run is a first visit), and takes the median of each figure.
 * 4. Prints a markdown table and rewrites the section of bench/README.md between
 *    `<!-- lighthouse:start -->` and `<!-- lighthouse:end -->`. The JSON reports are kept in
 *    bench/results/lighthouse/ (ignored by git) for the diagnostics.
 *
 * Run: npm run build && npx tsx bench/lighthouse.bench.ts   (about 2-3 minutes on 2 cores)
 * CHROME_PATH picks another Chromium, BENCH_RUNS the runs per page (default 3), BENCH_NO_README=1
 * only prints the table, BENCH_ONLY=shop,product measures some pages (and leaves the README alone),
 * BENCH_SAVE_TRACES=1 keeps each run's trace beside its report (read it with lighthouse-tasks.ts).
 * BENCH_FRONT=h2 measures behind deploy/nginx.conf with TLS and HTTP/2 (as a deployment serves the
 * app; BENCH_FRONT_PORT, default 3502), which Lighthouse simulates without HTTP/1.1's six
 * connections per host; BENCH_PORT pins the API's port.
 * BENCH_FRESH=1 measures the visitor's pages as an outside run finds them (issue 29): no address
 * chosen and Lighthouse's own storage reset (a fresh profile) on every run. BENCH_BUSY=<cores>
 * (e.g. 1.6) keeps that much of the machine busy while it measures: background processes that spin for
 * that many cores' worth of the time (bench/busy-machine.ts), as a phone is never quieter than
 * the machine the outside run used (load 1.3-1.9). Both leave the README alone.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse from 'lighthouse'
import type { Browser, Page } from 'puppeteer-core'

import { busyMachine } from './busy-machine.ts'
import {
  catalogUrls,
  launchBrowser,
  prepareCheckoutReview,
  prepareSeller,
  prepareVisitorWithAddress,
  startApi,
} from './demo-browser.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const README = path.join(root, 'bench', 'README.md')
const REPORTS = path.join(root, 'bench', 'results', 'lighthouse')
const SAVE_TRACES = process.env.BENCH_SAVE_TRACES === '1'
/** No address chosen, storage reset by Lighthouse before every run: an outsider's first visit. */
const FRESH = process.env.BENCH_FRESH === '1'
const BUSY = Number(process.env.BENCH_BUSY ?? 0)

// ---------------------------------------------------------------------------------------------
// Client state (demo-browser.ts prepares it)

type AxNode = { role: string; name?: string; children?: AxNode[] }

/** When a preparation step fails: where the page was and what it offered, to fix the step. */
async function explainFailure(page: Page, error: unknown): Promise<never> {
  const lines: string[] = []
  const walk = (node: AxNode | null | undefined, depth: number) => {
    if (!node) return
    if (node.name && node.role !== 'StaticText')
      lines.push(`${'  '.repeat(depth)}${node.role}: ${node.name}`)
    for (const child of node.children ?? []) walk(child, depth + 1)
  }
  walk((await page.accessibility.snapshot().catch(() => null)) as AxNode | null, 0)
  const screenshot = path.join(REPORTS, 'preparation-failure.png')
  await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined)
  console.error(
    `Preparing the page failed at ${page.url()}; it showed (screenshot: ${screenshot}):\n${lines.join('\n')}`,
  )
  throw error
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

type Figures = {
  performance: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  speedIndexMs: number
  bytes: number
  accessibility: number
  bestPractices: number
  seo: number
}
const FIGURE_KEYS: Array<keyof Figures> = [
  'performance',
  'lcpMs',
  'tbtMs',
  'cls',
  'fcpMs',
  'speedIndexMs',
  'bytes',
  'accessibility',
  'bestPractices',
  'seo',
]

type Lhr = {
  lighthouseVersion: string
  runtimeError?: { code: string; message: string }
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue?: number; score: number | null } | undefined>
}

function figuresOf(lhr: Lhr): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue
    if (v === undefined) throw new Error(`Lighthouse reported no ${id}`)
    return v
  }
  return {
    performance: score('performance'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcpMs: value('first-contentful-paint'),
    speedIndexMs: value('speed-index'),
    bytes: value('total-byte-weight'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

let lighthouseVersion = ''

async function measure(
  page: Page,
  url: string,
  slug: string,
  fresh = false,
): Promise<Omit<Row, 'label'>> {
  const runs: Figures[] = []
  let retries = 0
  const cdp = await page.createCDPSession()
  for (let i = 1; i <= RUNS; i++) {
    // disableStorageReset keeps the HTTP cache too: empty it (disk, then the memory cache that
    // still holds the images seen while preparing, as Lighthouse's own reset does) so each run is
    // a first visit and counts every byte, while cookies and localStorage stay.
    // Leave the page first: the cache keeps what the open page still shows.
    await page.goto('about:blank')
    await cdp.send('Network.clearBrowserCache')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
    const result = await lighthouse(
      url,
      {
        // Defaults: mobile form factor, simulated slow 4G (150 ms RTT, 1.6 Mbps) and 4x CPU.
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableStorageReset: !fresh,
        logLevel: 'error',
        output: 'json',
      },
      undefined,
      page,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const lhr = result.lhr as unknown as Lhr
    if (lhr.runtimeError) {
      // A busy machine sometimes loses the trace (NO_NAVSTART): run that measurement again, twice
      // at most per page, rather than lose the whole bench.
      if (retries < 2) {
        retries++
        console.log(`  ${slug} run ${i}: ${lhr.runtimeError.code}, measuring again`)
        i--
        continue
      }
      throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    }
    lighthouseVersion = lhr.lighthouseVersion
    writeFileSync(path.join(REPORTS, `${slug}-${i}.json`), JSON.stringify(lhr))
    // The trace behind the figures, for bench/lighthouse-tasks.ts (what the long tasks are made of).
    if (SAVE_TRACES) {
      const trace = (result.artifacts as { Trace?: unknown }).Trace
      writeFileSync(path.join(REPORTS, `${slug}-${i}.trace.json`), JSON.stringify(trace))
    }
    const figures = figuresOf(lhr)
    runs.push(figures)
    console.log(
      `  ${slug} run ${i}: performance ${figures.performance}, LCP ${seconds(figures.lcpMs)}, TBT ${ms(figures.tbtMs)}`,
    )
  }
  await cdp.detach()
  const medians = {} as Figures
  for (const key of FIGURE_KEYS) medians[key] = median(runs.map((run) => run[key]))
  return { figures: medians, scores: runs.map((run) => run.performance) }
}

// ---------------------------------------------------------------------------------------------
// Report

const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`
const ms = (msValue: number) => `${Math.round(msValue).toLocaleString('en-US')} ms`
const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`

/** `scores`: the performance score of each run, to show the spread beside the medians. */
type Row = { label: string; figures: Figures; scores: number[] }

function table(rows: Row[]): string {
  const head =
    '| page | performance | LCP | TBT | CLS | FCP | Speed Index | transferred | a11y | best practices | SEO |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|'
  const lines = rows.map(({ label, figures: f }) =>
    [
      label,
      Math.round(f.performance),
      seconds(f.lcpMs),
      ms(f.tbtMs),
      f.cls.toFixed(3),
      seconds(f.fcpMs),
      seconds(f.speedIndexMs),
      kib(f.bytes),
      Math.round(f.accessibility),
      Math.round(f.bestPractices),
      Math.round(f.seo),
    ].join(' | '),
  )
  const goal = '**goal (issue 10)** | ≥ 95 | ≤ 2.0 s | ≤ 150 ms | ≤ 0.02 | | | | 100 | 100 | 100'
  return [head, ...lines.map((line) => `| ${line} |`), `| ${goal} |`].join('\n')
}

function machineNote(): string {
  const cpus = os.cpus()
  const load = os.loadavg()[0]!.toFixed(1)
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}, load average ${load} when it ended`
}

function writeReadme(rows: Row[], chromeVersion: string) {
  const start = '<!-- lighthouse:start -->'
  const end = '<!-- lighthouse:end -->'
  const readme = readFileSync(README, 'utf8')
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from < 0 || to < from) throw new Error(`bench/README.md has no ${start} … ${end} section`)
  const date = new Date().toISOString().slice(0, 10)
  const section = [
    start,
    `### Results (${date}, Lighthouse ${lighthouseVersion}, ${chromeVersion}, medians of ${RUNS} runs)`,
    '',
    `Machine: ${machineNote()}.`,
    '',
    'Mobile form factor, simulated slow 4G + 4x CPU. **Noisy:** the machine is shared with other work',
    'while it runs, so the timings and the performance score move between runs (the spread is listed',
    'under the table); the accessibility, best-practices and SEO scores and the bytes do not.',
    '',
    table(rows),
    '',
    `Performance score of each run: ${rows.map((row) => `${row.label} ${row.scores.join(' / ')}`).join('; ')}.`,
    end,
  ].join('\n')
  writeFileSync(README, readme.slice(0, from) + section + readme.slice(to + end.length))
}

// ---------------------------------------------------------------------------------------------

type Identity = 'visitor' | 'customer' | 'seller'
type Target = { slug: string; label: string; identity: Identity; path: (state: State) => string }
type State = { shop: string; product: string; checkoutReview: string }

const TARGETS: Target[] = [
  { slug: 'home', label: 'home with an address (`/`)', identity: 'visitor', path: () => '/' },
  {
    slug: 'shop',
    label: 'shop (`/shops/tostadero-soho`)',
    identity: 'visitor',
    path: (s) => s.shop,
  },
  {
    slug: 'product',
    label: 'product (the shop’s first product)',
    identity: 'visitor',
    path: (s) => s.product,
  },
  {
    // Search results (issue 25): a word the demo's coffee shops answer, near the chosen address.
    slug: 'search',
    label: 'search results (`/search?q=café`)',
    identity: 'visitor',
    path: () => `/search?q=${encodeURIComponent('café')}`,
  },
  {
    slug: 'checkout-review',
    label: 'checkout review (customer)',
    identity: 'customer',
    path: (s) => s.checkoutReview,
  },
  {
    slug: 'admin-dashboard',
    label: '`/admin/dashboard` (seller)',
    identity: 'seller',
    path: () => '/admin/dashboard',
  },
]

/** The client state an identity's pages are measured in, prepared through the UI. */
async function prepareAs(identity: Identity, page: Page, baseUrl: string, state: State) {
  if (identity === 'visitor') return prepareVisitorWithAddress(page, baseUrl)
  if (identity === 'customer') state.checkoutReview = await prepareCheckoutReview(page, baseUrl)
  else await prepareSeller(page, baseUrl)
}

async function main() {
  // BENCH_ONLY=shop,product measures a subset (and leaves the README alone).
  const only = process.env.BENCH_ONLY?.split(',').map((slug) => slug.trim())
  const targets = only ? TARGETS.filter((t) => only.includes(t.slug)) : TARGETS
  mkdirSync(REPORTS, { recursive: true })
  const front =
    process.env.BENCH_FRONT === 'h2'
      ? { port: Number(process.env.BENCH_FRONT_PORT ?? 3502) }
      : undefined
  const api = await startApi(front)
  let browser: Browser | undefined
  // After the API's start and seed: only the measurements run on the busy machine.
  const busy = BUSY > 0 ? busyMachine(BUSY) : null
  try {
    const state: State = { ...(await catalogUrls(api.apiUrl)), checkoutReview: '' }
    const rows: Row[] = []
    let chromeVersion = ''
    // One browser per identity, so each page sees only the state its visitor would have.
    for (const identity of ['visitor', 'customer', 'seller'] as const) {
      const mine = targets.filter((t) => t.identity === identity)
      if (mine.length === 0) continue
      browser = await launchBrowser()
      chromeVersion = await browser.version()
      const page = await browser.newPage()
      // A first visit is measured as it comes: nothing prepared.
      const fresh = FRESH && identity === 'visitor'
      if (!fresh)
        await prepareAs(identity, page, api.baseUrl, state).catch((error: unknown) =>
          explainFailure(page, error),
        )
      for (const target of mine) {
        const pathname = target.path(state)
        console.log(`${target.label}: ${pathname}`)
        rows.push({
          label: fresh
            ? `${target.label.replace(' with an address', '')}, no address`
            : target.label,
          ...(await measure(page, api.baseUrl + pathname, target.slug, fresh)),
        })
      }
      await browser.close()
      browser = undefined
    }

    const where =
      (front ? ', behind nginx (TLS, HTTP/2)' : '') +
      (busy ? `, the machine kept busy (${busy.describe()})` : '')
    console.log(
      `\nLighthouse ${lighthouseVersion}, ${chromeVersion}, medians of ${RUNS} runs${where}\n`,
    )
    console.log(table(rows))
    // The README's table is the direct figures: a run behind the front only prints its own.
    if (!only && !front && !FRESH && !busy && process.env.BENCH_NO_README !== '1') {
      writeReadme(rows, chromeVersion)
      console.log('\nbench/README.md updated.')
    }
  } finally {
    busy?.stop()
    await browser?.close().catch(() => undefined)
    api.stop()
  }
}

await main()
