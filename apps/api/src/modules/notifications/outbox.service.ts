import type { Email } from '../../integrations/mailer.ts'
import type { ClauseExecutor, Executor, OutboxRepository } from './outbox.repository.ts'

/** An e-mail with no recipient is never queued: it could only fail and dead-letter. */
const hasRecipient = (email: Email) => email.to.trim() !== ''
const addressed = (emails: Email[]) => emails.filter(hasRecipient)

/**
 * What other modules may do with the outbox (`app.outbox`): queue an email or a push inside their
 * own transaction (pass `tx`), check a delivery, list the latest rows (CLI). Delivery itself is
 * the worker's (outbox.worker.ts).
 */
export function createOutboxService(repository: OutboxRepository) {
  return {
    /**
     * Queues the e-mail and answers its row id; an e-mail with no recipient is not queued (it
     * could only fail and dead-letter) and answers null. Callers that notify a customer check
     * first, so the order can say the customer was not told (issue 22).
     */
    enqueueEmail: async (executor: Executor, email: Email): Promise<string | null> =>
      hasRecipient(email) ? repository.enqueueEmail(executor, email) : null,
    /** Several e-mails in one INSERT; those with no recipient are left out, as above. */
    enqueueEmails: (executor: Executor, emails: Email[]): Promise<number> =>
      repository.enqueueMany(executor, 'email', addressed(emails)),
    /**
     * `enqueueEmails` as `with` clauses for the caller's next statement (checkout's completing
     * update): the e-mails are written only if that statement carries them (decision 068).
     */
    enqueueEmailsWith: (executor: ClauseExecutor, emails: Email[]) =>
      repository.enqueueManyClauses(executor, 'email', addressed(emails)),
    enqueuePush: (executor: Executor, payload: Record<string, unknown>) =>
      repository.enqueuePush(executor, payload),
    /** Several pushes in one INSERT. */
    enqueuePushes: (executor: Executor, payloads: Array<Record<string, unknown>>) =>
      repository.enqueueMany(executor, 'push', payloads),
    enqueueTask: (executor: Executor, kind: 'invoice', payload: Record<string, unknown>) =>
      repository.enqueueTask(executor, kind, payload),
    isDelivered: (id: string) => repository.isDelivered(id),
    list: (limit?: number) => repository.list(limit),
    countByStatus: () => repository.countByStatus(),
    /** Depth, due rows, age of the oldest due row and dead letters per kind (GET /metrics). */
    queueByKind: () => repository.queueByKind(),
    /** Dead letters back in the queue: one by id, or all of them. */
    requeueFailed: (id?: string) => repository.requeueFailed(id),
  }
}
export type OutboxService = ReturnType<typeof createOutboxService>
/** E-mails queued as `with` clauses, for a statement of the caller's to carry. */
export type QueuedWrites = ReturnType<OutboxService['enqueueEmailsWith']>
