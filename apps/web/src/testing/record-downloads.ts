import { onTestFinished, vi } from 'vitest'

/** jsdom has no object URLs nor downloads: stand-ins that record them, put back after the test. */
export function recordDownloads() {
  const saved: Array<{ blob: Blob; fileName: string }> = []
  let last: Blob | null = null
  const { createObjectURL, revokeObjectURL } = URL
  URL.createObjectURL = (blob: Blob) => {
    last = blob
    return 'blob:file'
  }
  URL.revokeObjectURL = () => {}
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.href === 'blob:file' && last) saved.push({ blob: last, fileName: this.download })
  })
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = revokeObjectURL
    click.mockRestore()
  })
  return saved
}
