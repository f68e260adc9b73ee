import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'

export type StoredFile = { key: string; url: string }

export type Storage = {
  mode: 'local' | 's3'
  put(key: string, body: Buffer, contentType: string): Promise<StoredFile>
  remove(keys: string[]): Promise<void>
}

export type S3Config = {
  endpoint?: string | undefined
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** Public base URL of the bucket (CDN or website endpoint), without trailing slash. */
  publicUrl: string
  forcePathStyle: boolean
}

/** Files are immutable (their keys carry a fresh id), so caches may keep them for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * Where uploaded media live: DATA_DIR/uploads (served at /uploads) by default, or an
 * S3-compatible bucket when S3_* is configured.
 */
export function createStorage({
  uploadsDir,
  s3,
}: {
  uploadsDir: string
  s3: S3Config | null
}): Storage {
  if (s3) {
    const client = new S3Client({
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    })
    return {
      mode: 's3',
      async put(key, body, contentType) {
        await client.send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: CACHE_CONTROL,
          }),
        )
        return { key, url: `${s3.publicUrl}/${key}` }
      },
      async remove(keys) {
        for (const key of keys)
          await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }))
      },
    }
  }
  return {
    mode: 'local',
    async put(key, body) {
      const file = path.join(uploadsDir, key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, body)
      return { key, url: `/uploads/${key}` }
    },
    async remove(keys) {
      for (const key of keys) await rm(path.join(uploadsDir, key), { force: true })
    },
  }
}
