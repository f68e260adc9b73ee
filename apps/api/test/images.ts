import sharp from 'sharp'

/** A real PNG of the given size, for upload tests. */
export function pngImage(width = 64, height = 48, color = '#2f9e44'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

/** A multipart/form-data body with files under the field `files`. */
export function multipart(files: Array<{ filename: string; data: Buffer; contentType?: string }>) {
  const boundary = `----barrio${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
