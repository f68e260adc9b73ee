import { AsyncLocalStorage } from 'node:async_hooks'

/** The request an audit entry is written in: its id (x-request-id) and the caller's address. */
export type AuditRequestContext = { requestId: string | null; ip: string | null }

const storage = new AsyncLocalStorage<AuditRequestContext>()

/** Runs the rest of a request (hooks, handler, services) with its id and address at hand. */
export function runWithAuditContext<T>(context: AuditRequestContext, fn: () => T): T {
  return storage.run(context, fn)
}

/** The current request's id and address; nulls outside a request (CLI commands, jobs). */
export function currentAuditContext(): AuditRequestContext {
  return storage.getStore() ?? { requestId: null, ip: null }
}
