import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrationsFolder } from '../../db/migrate.ts'
import type { Tx } from '../../db/client.ts'

/**
 * The ledger rebuilt from orders (decision 018): the backfill statements of migration 0008, as
 * committed. The migration runs them once over orders that existed before the ledger; the demo seed
 * runs them over the history it inserts (rows already in the ledger are left alone).
 */
export function ledgerBackfillStatements(): string[] {
  const file = readFileSync(path.join(migrationsFolder(), '0008_payments_ledger.sql'), 'utf8')
  return (
    file
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => s.startsWith('INSERT INTO "payment_transactions"'))
      // Migration 0014 widened the unique key with `reference` (decision 025); the rows rebuilt
      // here are the payment and the whole refund, both reference ''.
      .map((s) =>
        s.replace(
          'ON CONFLICT ("order_id", "kind")',
          'ON CONFLICT ("order_id", "kind", "reference")',
        ),
      )
  )
}

export async function backfillLedger(tx: Pick<Tx, 'execute'>): Promise<void> {
  for (const statement of ledgerBackfillStatements()) await tx.execute(sql.raw(statement))
}
