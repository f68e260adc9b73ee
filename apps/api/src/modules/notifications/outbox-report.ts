import type { OutboxService } from './outbox.service.ts'

/**
 * What `npm run barrio -- outbox` prints: the counts per status, then the latest messages with
 * their last error. One text for both ways the command reads it: its own database connection, or
 * the running server's operator route when the server holds the embedded database (decision 039).
 */
export async function outboxReport(outbox: OutboxService, limit = 20): Promise<string> {
  const counts = await outbox.countByStatus()
  const lines = [
    counts.length ? counts.map((c) => `${c.status}: ${c.count}`).join('  ') : 'La cola está vacía.',
  ]
  for (const row of await outbox.list(limit)) {
    const p = row.payload as { to?: string; subject?: string; text?: string }
    const tries = row.attempts ? ` (${row.attempts} intento/s)` : ''
    lines.push(
      `${row.createdAt.toISOString()} ${row.id} ${row.kind} ${row.status}${tries} ${p.to ?? ''} ${p.subject ?? ''}\n  ${(p.text ?? '').replaceAll('\n', ' ')}`,
    )
    if (row.lastError) lines.push(`  último error: ${row.lastError}`)
  }
  return lines.join('\n')
}
