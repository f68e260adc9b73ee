import { createHash } from 'node:crypto'
import { access, mkdir, rename, unlink } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

/**
 * Placeholder artwork for the demo catalogue, drawn as SVG and encoded to WebP with sharp. Nothing
 * is downloaded. File names carry a hash of the drawing, so a restart skips files already on disk
 * and a changed drawing gets a new name (the uploads folder is served with immutable caching).
 */

export type ImageJob = {
  /** File name inside the target folder, e.g. "p-tostadero-soho-flat-white-1a2b3c4d5e.webp". */
  file: string
  svg: string
  width: number
  height: number
  quality: number
}

export const PRODUCT_IMAGE = { width: 800, height: 800, quality: 70 } as const
export const LOGO_IMAGE = { width: 256, height: 256, quality: 80 } as const
export const COVER_IMAGE = { width: 1200, height: 400, quality: 70 } as const

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"

/** 32-bit FNV-1a: a stable number from a string, used to seed the PRNG and pick colours. */
export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number | string): () => number {
  let a = typeof seed === 'string' ? hashString(seed) : seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const STOPWORDS = new Set([
  'de',
  'del',
  'la',
  'el',
  'los',
  'las',
  'con',
  'y',
  'x',
  'para',
  'en',
  'a',
  'por',
  'al',
])

/** Up to two capital letters from the significant words of a name: "Café de especialidad" → "CE". */
export function initials(name: string): string {
  const words = name
    .split(/[\s—–\-:/(),.]+/)
    .filter((w) => w && !STOPWORDS.has(w.toLowerCase()) && /^\p{L}/u.test(w))
  const letters = words.slice(0, 2).map((w) => w.charAt(0).toLocaleUpperCase('es-AR'))
  return letters.join('') || name.charAt(0).toLocaleUpperCase('es-AR')
}

/** Greedy word wrap by an approximate character budget, at most `maxLines` lines. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word
    if (candidate.length <= maxChars || !current) {
      current = candidate
    } else {
      lines.push(current)
      current = word
    }
  }
  if (current) lines.push(current)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  const last = kept[maxLines - 1] ?? ''
  kept[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`
  return kept
}

function gradient(id: string, hue: number, angle: 'diagonal' | 'horizontal'): string {
  const h1 = ((hue % 360) + 360) % 360
  const h2 = (h1 + 28) % 360
  const [x2, y2] = angle === 'diagonal' ? ['1', '1'] : ['1', '0.4']
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="hsl(${h1}, 62%, 56%)"/><stop offset="1" stop-color="hsl(${h2}, 58%, 34%)"/></linearGradient>`
}

/** A few soft translucent circles placed by the seeded PRNG, so each picture looks a bit different. */
function bubbles(random: () => number, width: number, height: number, count: number): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const r = Math.round((0.08 + random() * 0.22) * Math.min(width, height))
    const cx = Math.round(random() * width)
    const cy = Math.round(random() * height)
    const opacity = (0.05 + random() * 0.08).toFixed(3)
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${opacity}"/>`
  }
  return out
}

export function productSvg(input: { title: string; shopName: string; hue: number }): string {
  const { width, height } = PRODUCT_IMAGE
  const random = seededRandom(`${input.shopName}/${input.title}`)
  const hue = input.hue + Math.round((random() - 0.5) * 50)
  // Bold DejaVu Sans averages ~0.62 em per character; pick the largest size whose wrap fits 3 lines.
  const textWidth = 680
  let fontSize = 52
  let lines = wrapText(input.title, Math.floor(textWidth / (fontSize * 0.62)), 3)
  for (const size of [46, 40]) {
    if (!lines.some((line) => line.endsWith('…'))) break
    fontSize = size
    lines = wrapText(input.title, Math.floor(textWidth / (size * 0.62)), 3)
  }
  const lineHeight = Math.round(fontSize * 1.22)
  const firstY = 560 - ((lines.length - 1) * lineHeight) / 2
  const text = lines
    .map(
      (line, i) =>
        `<text x="400" y="${Math.round(firstY + i * lineHeight)}" font-family="${FONT}" font-size="${fontSize}" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${gradient('bg', hue, 'diagonal')}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    bubbles(random, width, height, 5) +
    `<circle cx="400" cy="290" r="150" fill="#ffffff" fill-opacity="0.2"/>` +
    `<text x="400" y="343" font-family="${FONT}" font-size="140" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(initials(input.title))}</text>` +
    text +
    `<text x="400" y="750" font-family="${FONT}" font-size="28" fill="#ffffff" fill-opacity="0.85" text-anchor="middle" letter-spacing="2">${escapeXml(input.shopName.toLocaleUpperCase('es-AR'))}</text>` +
    `</svg>`
  )
}

export function logoSvg(input: { name: string; hue: number }): string {
  const { width, height } = LOGO_IMAGE
  const hue = ((input.hue % 360) + 360) % 360
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${gradient('bg', hue, 'diagonal')}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<circle cx="128" cy="128" r="104" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="6"/>` +
    `<text x="128" y="157" font-family="${FONT}" font-size="84" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(initials(input.name))}</text>` +
    `</svg>`
  )
}

export function coverSvg(input: { name: string; place: string; hue: number }): string {
  const { width, height } = COVER_IMAGE
  const random = seededRandom(`cover/${input.name}`)
  const fontSize = Math.min(72, Math.floor(1040 / (input.name.length * 0.66)))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${gradient('bg', input.hue, 'horizontal')}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    bubbles(random, width, height, 7) +
    `<text x="80" y="215" font-family="${FONT}" font-size="${fontSize}" font-weight="bold" fill="#ffffff">${escapeXml(input.name)}</text>` +
    `<text x="82" y="275" font-family="${FONT}" font-size="32" fill="#ffffff" fill-opacity="0.9">${escapeXml(input.place)}</text>` +
    `</svg>`
  )
}

/** Builds a job whose file name is `<stem>-<hash of drawing and size>.webp`. */
export function imageJob(
  stem: string,
  svg: string,
  size: { width: number; height: number; quality: number },
): ImageJob {
  const digest = createHash('sha1')
    .update(`${size.width}x${size.height}q${size.quality}\n${svg}`)
    .digest('hex')
    .slice(0, 10)
  return { file: `${stem}-${digest}.webp`, svg, ...size }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file)
    return true
  } catch {
    return false
  }
}

/**
 * Renders the jobs into `dir` with at most `concurrency` encodes in flight. Files that already
 * exist are skipped; new files are written to a temporary name and renamed, so an interrupted
 * run never leaves a truncated image that a later run would mistake for a finished one.
 */
export async function renderImages(
  dir: string,
  jobs: ImageJob[],
  concurrency = 4,
): Promise<{ written: number; skipped: number }> {
  await mkdir(dir, { recursive: true })
  const unique = [...new Map(jobs.map((job) => [job.file, job])).values()]
  let written = 0
  let skipped = 0
  let next = 0
  const worker = async () => {
    while (next < unique.length) {
      const job = unique[next++]
      if (!job) break
      const target = path.join(dir, job.file)
      if (await exists(target)) {
        skipped++
        continue
      }
      const temporary = `${target}.${process.pid}.tmp`
      try {
        // The SVG declares its own pixel size, so it rasterises at exactly width x height.
        await sharp(Buffer.from(job.svg))
          .webp({ quality: job.quality, effort: 2 })
          .toFile(temporary)
        await rename(temporary, target)
        written++
      } catch (error) {
        await unlink(temporary).catch(() => undefined)
        throw error
      }
    }
  }
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, unique.length)) }, worker),
  )
  return { written, skipped }
}
