/**
 * The commission area's query keys (issue 24, decision 045), `['operator', area, …]` like the
 * rest of the operator's keys in operator-keys.ts.
 */
export const commissionKeys = {
  all: () => ['operator', 'commissions'] as const,
  settings: () => ['operator', 'commissions', 'settings'] as const,
  stores: (q: string) => ['operator', 'commissions', 'stores', q] as const,
  statement: (storeId: string, month: string) =>
    ['operator', 'statements', storeId, month] as const,
}
