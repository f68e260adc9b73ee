/**
 * Hands a fetched file to the browser as a download under its name (a temporary link). For files
 * our API serves only with the session and request headers, which a plain link cannot carry.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}
