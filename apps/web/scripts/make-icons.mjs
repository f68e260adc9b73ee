// Regenerates the app icons in public/ from Barrio's mark (run by hand after changing the mark:
// `node apps/web/scripts/make-icons.mjs`; the outputs are committed). Uses sharp from the API.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public')
const GREEN = '#2b8a3e'
// The house on a green tile; `inset` leaves the safe zone a maskable icon needs.
const mark = (inset = 0) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${inset ? 0 : 14}" fill="${GREEN}"/>
  <g transform="translate(${inset} ${inset}) scale(${(64 - 2 * inset) / 64})">
    <path d="M14 30 32 16l18 14v18a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2z" fill="#fff"/>
    <rect x="27" y="36" width="10" height="14" fill="${GREEN}"/>
  </g>
</svg>`

const png = (svg, size) => sharp(Buffer.from(svg), { density: 600 }).resize(size, size).png().toBuffer()

writeFileSync(path.join(publicDir, 'icons', 'icon.svg'), mark())
writeFileSync(path.join(publicDir, 'icons', 'icon-192.png'), await png(mark(), 192))
writeFileSync(path.join(publicDir, 'icons', 'icon-512.png'), await png(mark(), 512))
writeFileSync(path.join(publicDir, 'icons', 'maskable-512.png'), await png(mark(10), 512))
writeFileSync(path.join(publicDir, 'icons', 'apple-touch-icon.png'), await png(mark(6), 180))

// favicon.ico: an ICO directory holding one 32x32 PNG (valid since Windows Vista, read everywhere).
const image = await png(mark(), 32)
const header = Buffer.alloc(6)
header.writeUInt16LE(0, 0) // reserved
header.writeUInt16LE(1, 2) // type: icon
header.writeUInt16LE(1, 4) // one image
const entry = Buffer.alloc(16)
entry.writeUInt8(32, 0) // width
entry.writeUInt8(32, 1) // height
entry.writeUInt16LE(1, 4) // colour planes
entry.writeUInt16LE(32, 6) // bits per pixel
entry.writeUInt32LE(image.length, 8)
entry.writeUInt32LE(header.length + entry.length, 12)
writeFileSync(path.join(publicDir, 'favicon.ico'), Buffer.concat([header, entry, image]))
console.log('icons written to', publicDir)
