/**
 * What the long tasks of a Lighthouse run are made of (issue 10, total blocking time).
 *
 * Lighthouse's simulated 4x CPU turns every main-thread task of the unthrottled trace into one four
 * times as long, so a task over 12.5 ms here is a "long task" (> 50 ms) in the report, and its
 * excess counts towards TBT when it falls after the first contentful paint. This lists those tasks
 * with their direct children (script by URL and function, style, layout, parse, timers...), which
 * is where to look before changing anything.
 *
 * Run: BENCH_SAVE_TRACES=1 BENCH_ONLY=home npx tsx bench/lighthouse.bench.ts
 *      npx tsx bench/lighthouse-tasks.ts bench/results/lighthouse/home-1.trace.json [minMs=12.5]
 */
import { readFileSync } from 'node:fs'

type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> }
}

const [file, minArg] = process.argv.slice(2)
if (!file) throw new Error('usage: lighthouse-tasks.ts <trace.json> [minMs]')
const minMs = Number(minArg ?? 12.5)
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[]
const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? [])

// The page's renderer: the process whose main thread painted the first contentful paint.
const fcp = events.find((e) => e.name === 'firstContentfulPaint')
if (!fcp) throw new Error('the trace has no firstContentfulPaint')
const mainThread = events.find(
  (e) => e.pid === fcp.pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
)
const tid = mainThread?.tid ?? fcp.tid
const navStart =
  events.find((e) => e.pid === fcp.pid && e.name === 'navigationStart')?.ts ??
  Math.min(...events.filter((e) => e.pid === fcp.pid).map((e) => e.ts))

const onMain = events
  .filter((e) => e.pid === fcp.pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)

function label(e: TraceEvent): string {
  const data = e.args?.data ?? {}
  const url = typeof data.url === 'string' ? data.url.replace(/^.*\/(?=[^/]+$)/, '') : ''
  const fn = typeof data.functionName === 'string' ? data.functionName : ''
  const type = typeof data.type === 'string' ? data.type : ''
  const extra = [url, fn, type].filter(Boolean).join(' ')
  return extra ? `${e.name} (${extra})` : e.name
}

function childrenOf(parent: TraceEvent, from: number): TraceEvent[] {
  const end = parent.ts + parent.dur!
  const out: TraceEvent[] = []
  let coveredUntil = -1
  for (let i = from; i < onMain.length && onMain[i]!.ts < end; i++) {
    const e = onMain[i]!
    if (e === parent || e.ts < coveredUntil) continue
    out.push(e)
    coveredUntil = e.ts + e.dur!
  }
  return out
}

const ms = (us: number) => (us / 1000).toFixed(1)

/** A task's events down to DEPTH levels, the ones of 1 ms or more (0.5 ms for its direct children). */
const DEPTH = Number(process.env.DEPTH ?? 4)
function printTree(parent: TraceEvent, index: number, depth: number) {
  if (depth > DEPTH) return
  for (const child of childrenOf(parent, index + 1).filter(
    (c) => c.dur! >= (depth === 1 ? 500 : 1000),
  )) {
    console.log(`${'   '.repeat(depth)}${ms(child.dur!).padStart(6)}  ${label(child)}`)
    printTree(child, onMain.indexOf(child, index + 1), depth + 1)
  }
}
let total = 0
for (let i = 0; i < onMain.length; i++) {
  const task = onMain[i]!
  if (task.name !== 'RunTask' || task.dur! / 1000 < minMs) continue
  const at = task.ts - navStart
  const afterFcp = task.ts >= fcp.ts
  if (afterFcp) total += Math.max(0, (task.dur! * 4) / 1000 - 50)
  console.log(
    `\n${ms(at)} ms  task ${ms(task.dur!)} ms (x4 ${ms(task.dur! * 4)})${afterFcp ? '' : '  [before FCP]'}`,
  )
  printTree(task, i, 1)
}
console.log(
  `\nFCP at ${ms(fcp.ts - navStart)} ms; 4x excess over 50 ms of the tasks after FCP: ${total.toFixed(0)} ms`,
)
