/** HTML-escapes text put into an e-mail. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const NOT_REQUESTED = 'Si no pediste este correo, podés ignorarlo.'

/**
 * The one HTML frame of Barrio's e-mails: brand, title, one paragraph per line (escaped), an
 * optional button, and a footer line (the "not requested" note by default; null for none, as in
 * order mail the customer asked for).
 */
export function emailLayout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string } | null,
  footer: string | null = NOT_REQUESTED,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#2f9e44;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : ''
  return `<!doctype html><html lang="es-AR"><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px"><h1 style="color:#2b8a3e;font-size:22px">Barrio</h1><h2 style="font-size:18px">${escapeHtml(title)}</h2>${body}${button}${footer ? `<p style="color:#868e96;font-size:12px">${escapeHtml(footer)}</p>` : ''}</body></html>`
}
