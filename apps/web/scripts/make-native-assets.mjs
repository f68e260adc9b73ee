// Regenerates the native shell's launcher icons and splash screens (android/ and ios/) from
// Barrio's mark, the same house as public/icons (run by hand after changing the mark:
// `node apps/web/scripts/make-native-assets.mjs`; the outputs are committed). Uses sharp from the API.
import { readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const res = path.join(webDir, 'android', 'app', 'src', 'main', 'res')
const iosAssets = path.join(webDir, 'ios', 'App', 'App', 'Assets.xcassets')
const GREEN = '#2b8a3e'
// The splash matches the status bar (spec section 9, NATIVE_STATUS_BAR_COLOR).
const DARK_GREEN = '#14532d'

const house = (fill, door) => `
    <path d="M14 30 32 16l18 14v18a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2z" fill="${fill}"/>
    <rect x="27" y="36" width="10" height="14" fill="${door}"/>`

/** The tile of public/icons/icon.svg; `inset` shrinks the house into a safe zone. */
const tile = (inset = 0, rx = 14) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${rx}" fill="${GREEN}"/>
  <g transform="translate(${inset} ${inset}) scale(${(64 - 2 * inset) / 64})">${house('#fff', GREEN)}
  </g>
</svg>`

/** Android adaptive-icon foreground: the house alone inside the 66/108 safe zone. */
const foreground = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 108 108">
  <g transform="translate(22 22)">${house('#fff', GREEN)}</g>
</svg>`

/** A splash of any size: the tile centred on dark green, a fifth of the shorter side. */
function splash(width, height) {
  const size = Math.round(Math.min(width, height) / 5)
  const x = Math.round((width - size) / 2)
  const y = Math.round((height - size) / 2)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="${DARK_GREEN}"/>
  <svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="14" fill="${GREEN}"/>${house('#fff', GREEN)}
  </svg>
</svg>`
}

const png = (svg, width, height = width) =>
  sharp(Buffer.from(svg), { density: 300 }).resize(width, height).png().toBuffer()

// Android launcher icons (legacy square/round and the adaptive foreground), per density.
const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 }
for (const [density, scale] of Object.entries(densities)) {
  const dir = path.join(res, `mipmap-${density}`)
  writeFileSync(path.join(dir, 'ic_launcher.png'), await png(tile(4), 48 * scale))
  writeFileSync(path.join(dir, 'ic_launcher_round.png'), await png(tile(8, 32), 48 * scale))
  writeFileSync(path.join(dir, 'ic_launcher_foreground.png'), await png(foreground, 108 * scale))
}
writeFileSync(
  path.join(res, 'values', 'ic_launcher_background.xml'),
  `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">${GREEN}</color>\n</resources>\n`,
)

// Android splash images: every drawable*/splash.png keeps its size, with Barrio's mark.
for (const dir of readdirSync(res).filter((name) => name.startsWith('drawable'))) {
  const file = path.join(res, dir, 'splash.png')
  let meta
  try {
    meta = await sharp(file).metadata()
  } catch {
    continue
  }
  writeFileSync(file, await png(splash(meta.width, meta.height), meta.width, meta.height))
}

// iOS: the 1024 px App Store icon (no transparency, no rounded corners) and the splash set.
writeFileSync(
  path.join(iosAssets, 'AppIcon.appiconset', 'AppIcon-512@2x.png'),
  await sharp(await png(tile(4, 0), 1024))
    .flatten({ background: GREEN })
    .png()
    .toBuffer(),
)
for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png'])
  writeFileSync(path.join(iosAssets, 'Splash.imageset', name), await png(splash(2732, 2732), 2732))

console.log('native icons and splash screens written under', webDir)
