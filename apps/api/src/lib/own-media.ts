import { IMAGE_URL_MESSAGE, isMediaKey, UPLOADS_PATH } from '@barrio/contracts/common'
import { AppError } from './errors.ts'

/** Where this deployment's stored media are served from (config: PUBLIC_URL, S3_PUBLIC_URL). */
export type MediaOrigins = { publicUrl: string; s3PublicUrl: string | null }

/**
 * Whether an image URL names a file of our own storage, as the upload endpoints answer it:
 * `/uploads/<key>` (local storage, also written against PUBLIC_URL) or `<S3_PUBLIC_URL>/<key>`.
 * A URL of any other origin or scheme could be anything in an `<img>` or the shop page's preload.
 */
export function ownMediaUrlCheck({ publicUrl, s3PublicUrl }: MediaOrigins) {
  const bases = [
    UPLOADS_PATH,
    `${publicUrl.replace(/\/+$/, '')}${UPLOADS_PATH}`,
    ...(s3PublicUrl ? [`${s3PublicUrl.replace(/\/+$/, '')}/`] : []),
  ]
  return (url: string) =>
    bases.some((base) => url.startsWith(base) && isMediaKey(url.slice(base.length)))
}
export type OwnMediaUrlCheck = ReturnType<typeof ownMediaUrlCheck>

/** 400 INVALID naming each image field (logoUrl, imageUrl…) whose URL is not our own file. */
export function assertOwnImages(
  isOwn: OwnMediaUrlCheck,
  fields: Record<string, string | null | undefined>,
) {
  const errors = Object.entries(fields)
    .filter(([, url]) => typeof url === 'string' && url !== '' && !isOwn(url))
    .map(([name]) => ({ name, message: IMAGE_URL_MESSAGE }))
  if (errors.length > 0)
    throw new AppError('INVALID', `${IMAGE_URL_MESSAGE}: subila desde el formulario.`, { errors })
}
