/**
 * What the main thread does while a page of the demo marketplace starts on a phone-speed CPU
 * (issue 10, blocking time): a V8 CPU profile of one load at 4x CPU throttling, cut into tasks, each
 * long task said in React's terms (module evaluation, synchronous or concurrent render, commit,
 * passive effects, style and layout) with the components and functions it spent its time in,
 * mapped through the build's source maps. lighthouse-tasks.ts says which tasks are long in a
 * Lighthouse trace; this says what is in them.
 *
 * Run: BARRIO_SOURCEMAP=1 npm run build
 *      npx tsx bench/cpu-profile.ts /shops/tostadero-soho [minMs=40]
 *
 * CPU_PROFILE_AS=seller profiles a back-office page as the demo seller; CPU_PROFILE_AS=checkout
 * the customer's review step (the target is ignored); CPU_PROFILE_AS=fresh a first visit (no address,
 * nothing stored: lighthouse.bench.ts's BENCH_FRESH=1). Otherwise the visitor state is
 * lighthouse.bench.ts's: signed out, the address Gurruchaga 1723 chosen, the login modal (opened
 * on every load, spec section 4) part of what is measured. `minMs` is the
 * shortest task listed, at 4x (40 ms at 4x is 10 ms on this machine). The profile is written to
 * bench/results/cpu-profile.cpuprofile (open it in Chrome's DevTools, Performance panel).
 * Segments are cut at idle samples: back-to-back tasks with no idle between them (React's
 * scheduler slices) show as one.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SourceMapConsumer } from 'source-map-js'

import {
  launchBrowser,
  prepareCheckoutReview,
  prepareSeller,
  prepareVisitorWithAddress,
  startApi,
} from './demo-browser.ts'

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
type Profile = {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DIST = path.join(root, 'apps/web/dist')
const OUT = path.join(root, 'bench', 'results', 'cpu-profile.cpuprofile')
const [target = '/', minArg] = process.argv.slice(2)
const MIN_MS = Number(minArg ?? 40)

async function record(): Promise<Profile> {
  const api = await startApi()
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    // CPU_PROFILE_AS=seller signs the demo seller in (the back office's pages); checkout builds a
    // review step and profiles it (the target is then ignored); by default a visitor with an address.
    const as = process.env.CPU_PROFILE_AS
    let at = target
    if (as === 'seller') await prepareSeller(page, api.baseUrl)
    else if (as === 'checkout') at = await prepareCheckoutReview(page, api.baseUrl)
    // fresh: an outsider's first visit (lighthouse.bench.ts BENCH_FRESH=1): nothing prepared.
    else if (as !== 'fresh') await prepareVisitorWithAddress(page, api.baseUrl)
    await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 })
    const cdp = await page.createCDPSession()
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await page.goto('about:blank')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
    await page.goto(`${api.baseUrl}${at}`, { waitUntil: 'load' })
    // The visitor's login modal and the idle work come a few seconds after load.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const { profile } = await cdp.send('Profiler.stop')
    return profile as unknown as Profile
  } finally {
    await browser.close()
    api.stop()
  }
}

const profile = await record()
mkdirSync(path.dirname(OUT), { recursive: true })
writeFileSync(OUT, JSON.stringify(profile))

// ---------------------------------------------------------------------------------------------
// Names through the source maps

const maps = new Map<string, SourceMapConsumer | null>()
function mapOf(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    const file = path.join(DIST, `${new URL(url).pathname}.map`)
    maps.set(
      url,
      existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null,
    )
  }
  return maps.get(url) ?? null
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const parents = new Map<number, number>()
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id)

const names = new Map<number, string>()
/** "function@dir/file" for our own and the packages' code, the bare name for the browser's. */
function nameOf(id: number): string {
  const known = names.get(id)
  if (known) return known
  const frame = nodes.get(id)!.callFrame
  let name = frame.functionName || '(anonymous)'
  if (frame.url.startsWith('http')) {
    const map = mapOf(frame.url)
    const file = frame.url.split('/').pop()
    if (map) {
      const original = map.originalPositionFor({
        line: frame.lineNumber + 1,
        column: frame.columnNumber,
      })
      name = `${original.name ?? name}@${(original.source ?? file ?? '?').split('/').slice(-2).join('/')}`
    } else name = `${name}@${file}`
  }
  names.set(id, name)
  return name
}

function stackOf(id: number): string[] {
  const stack: string[] = []
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
    stack.push(nameOf(at))
  return stack
}

/** What a sample was doing, in React's terms where React was on the stack. */
function kindOf(stack: string[]): string {
  const has = (pattern: RegExp) => stack.some((frame) => pattern.test(frame))
  if (has(/^(commitRoot|commitRootImpl|commitMutationEffects|commitLayoutEffects)@/))
    return 'commit'
  if (has(/^renderRootSync@/)) return 'render (synchronous)'
  if (has(/^renderRootConcurrent@/)) return 'render (concurrent)'
  if (has(/^(flushPassiveEffects|commitPassiveMountOnFiber)@/)) return 'passive effects'
  if (stack[0] === '(program)') return 'style, layout, parsing'
  if (stack[0] === '(garbage collector)') return 'garbage collection'
  return stack.at(-2) ?? stack[0] ?? '?'
}

// ---------------------------------------------------------------------------------------------
// Tasks, cut at idle samples

const times: number[] = []
let clock = profile.startTime
for (const delta of profile.timeDeltas) times.push((clock += delta))

type Segment = { start: number; end: number; samples: number[] }
const segments: Segment[] = []
let current: Segment | null = null
profile.samples.forEach((id, index) => {
  if (nodes.get(id)!.callFrame.functionName === '(idle)') {
    if (current) segments.push(current)
    current = null
    return
  }
  current ??= { start: times[index]!, end: times[index]!, samples: [] }
  current.end = times[index]!
  current.samples.push(index)
})
if (current) segments.push(current)

const top = (totals: Map<string, number>, count: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, value]) => `${key} ${value.toFixed(1)}`)
    .join(' | ')

console.log(`${target}: tasks of ${MIN_MS} ms or more at 4x (profile: ${OUT})`)
for (const segment of segments) {
  const length = (segment.end - segment.start) / 1000
  if (length < MIN_MS) continue
  const kinds = new Map<string, number>()
  const components = new Map<string, number>()
  for (const index of segment.samples) {
    const stack = stackOf(profile.samples[index]!)
    const ms = (profile.timeDeltas[index + 1] ?? 100) / 1000
    const kind = kindOf(stack)
    kinds.set(kind, (kinds.get(kind) ?? 0) + ms)
    // The frame of our own code nearest the top of the stack: the component or function to look at.
    const ours = stack.find((frame) =>
      /@(app|components|features|lib|layouts|routes|src)\//.test(frame),
    )
    if (ours) components.set(ours, (components.get(ours) ?? 0) + ms)
  }
  console.log(
    `\n${((segment.start - profile.startTime) / 1000).toFixed(0)} ms: ${length.toFixed(1)} ms at 4x`,
  )
  console.log(`  ${top(kinds, 8)}`)
  if (components.size > 0) console.log(`  ours: ${top(components, 6)}`)
}
