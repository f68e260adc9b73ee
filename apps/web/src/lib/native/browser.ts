import { isNativePlatform } from '@/lib/native/platform'

/**
 * Opens a URL in the system browser (Custom Tabs on Android, SFSafariViewController on iOS), as
 * Google and Apple require for sign-in; in a browser it simply navigates. Returns false when the
 * native browser could not open, so the caller may fall back to a plain link.
 */
export async function openInSystemBrowser(url: string): Promise<boolean> {
  if (!isNativePlatform()) {
    window.location.assign(url)
    return true
  }
  try {
    const { Browser } = await import('@capacitor/browser')
    await Browser.open({ url, presentationStyle: 'popover' })
    return true
  } catch {
    return false
  }
}

/** Closes the sign-in browser once the deep link has brought the user back (iOS keeps it open). */
export async function closeInAppBrowser(): Promise<void> {
  if (!isNativePlatform()) return
  try {
    const { Browser } = await import('@capacitor/browser')
    await Browser.close()
  } catch {
    // Android closes Custom Tabs itself, and there close() is not implemented: nothing to do.
  }
}
