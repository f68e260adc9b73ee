import { randomUUID } from 'node:crypto'
import sharp, { type OutputInfo } from 'sharp'
import { MAX_IMAGE_PIXELS } from '@barrio/contracts/constants'
import { AppError } from '../../lib/errors.ts'
import type { Storage } from '../../integrations/storage.ts'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
const MEGAPIXELS = Math.round(MAX_IMAGE_PIXELS / 1_000_000)
export type ImageKind = 'jpeg' | 'png' | 'webp'

/** The type an upload really is, from its first bytes (never from its name or declared type). */
export function sniffImage(head: Buffer): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png'
  if (
    head.length >= 12 &&
    head.toString('ascii', 0, 4) === 'RIFF' &&
    head.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'webp'
  return null
}

export type UploadedFile = { filename: string; data: Buffer }
export type Rendition = { url: string; key: string; width: number; height: number }
export type ProcessedImage = { id: string; main: Rendition; thumb: Rendition; keys: string[] }

/** Checks every file before any is stored, so a bad file in a batch saves nothing. */
export function assertImages(files: UploadedFile[]) {
  if (files.length === 0) {
    throw new AppError('MISSING_REQUIRED_FIELD', 'Elegí al menos una imagen.', {
      errors: [{ name: 'files', message: 'Elegí al menos una imagen' }],
    })
  }
  for (const file of files) {
    if (!sniffImage(file.data.subarray(0, 12))) {
      const message = `"${file.filename}" no es una imagen JPEG, PNG o WebP.`
      throw new AppError('INVALID', message, { errors: [{ name: 'files', message }] })
    }
  }
}

function unreadable(file: UploadedFile, cause?: unknown) {
  const message = `No pudimos leer la imagen "${file.filename}": puede estar dañada.`
  return new AppError('INVALID', message, { errors: [{ name: 'files', message }], cause })
}

/**
 * Resized WebP renditions (the main one at most `maxWidth` wide, and a square thumbnail),
 * auto-rotated from EXIF and stripped of metadata. The size is read from the header first, so an
 * image over MAX_IMAGE_PIXELS is refused before it is decoded; the two renditions are made one
 * after the other, so at most one decode of one image is in memory at a time.
 */
export async function processImage(
  storage: Storage,
  prefix: string,
  file: UploadedFile,
  { maxWidth = 1600, thumb = 400 }: { maxWidth?: number; thumb?: number } = {},
): Promise<ProcessedImage> {
  const id = randomUUID()
  let size: { width?: number | undefined; height?: number | undefined }
  try {
    size = await sharp(file.data).metadata()
  } catch (cause) {
    throw unreadable(file, cause)
  }
  if (!size.width || !size.height) throw unreadable(file)
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    const message = `"${file.filename}" tiene más de ${MEGAPIXELS} megapíxeles (${size.width} × ${size.height}). Achicala y probá de nuevo.`
    throw new AppError('INVALID', message, { errors: [{ name: 'files', message }] })
  }
  let mainBuffer: { data: Buffer; info: OutputInfo }
  let thumbBuffer: { data: Buffer; info: OutputInfo }
  try {
    const base = () =>
      sharp(file.data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate()
    mainBuffer = await base()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    thumbBuffer = await base()
      .resize({ width: thumb, height: thumb, fit: 'cover' })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true })
  } catch (cause) {
    throw unreadable(file, cause)
  }
  const main = await storage.put(
    `${prefix}/${id}-${mainBuffer.info.width}.webp`,
    mainBuffer.data,
    'image/webp',
  )
  const small = await storage.put(`${prefix}/${id}-${thumb}.webp`, thumbBuffer.data, 'image/webp')
  return {
    id,
    main: { ...main, width: mainBuffer.info.width, height: mainBuffer.info.height },
    thumb: { ...small, width: thumbBuffer.info.width, height: thumbBuffer.info.height },
    keys: [main.key, small.key],
  }
}
