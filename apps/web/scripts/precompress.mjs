// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of
// dist/, so the API serves them precompressed (@fastify/static `preCompressed`) and spends no
// CPU per request. Brotli at its best quality is slow but runs once per build.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/
// Below this size the encoding header costs about as much as it saves.
const MIN_BYTES = 1024

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* files(full)
    else yield full
  }
}

let raw = 0
let brotli = 0
let count = 0
for (const file of files(dist)) {
  if (!TEXT.test(file)) continue
  const content = readFileSync(file)
  if (content.length < MIN_BYTES) continue
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  raw += content.length
  brotli += br.length
  count += 1
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`
console.log(`precompressed ${count} files: ${kib(raw)} -> ${kib(brotli)} brotli`)
