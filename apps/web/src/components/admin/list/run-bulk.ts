import { getErrorMessage } from '@/lib/http/api-error'

export type BulkFailure<T> = { row: T; message: string }
export type BulkResult<T> = { done: T[]; failed: Array<BulkFailure<T>> }

/**
 * Runs a single-item call for each row, one after another (the API has no bulk endpoint and a
 * shop's server should not get 25 writes at once); a failure is recorded and the loop goes on.
 */
export async function runForEach<T>(
  rows: readonly T[],
  run: (row: T) => Promise<unknown>,
  onProgress: (finished: number) => void = () => {},
): Promise<BulkResult<T>> {
  const result: BulkResult<T> = { done: [], failed: [] }
  for (const [index, row] of rows.entries()) {
    try {
      await run(row)
      result.done.push(row)
    } catch (error) {
      result.failed.push({ row, message: getErrorMessage(error) })
    }
    onProgress(index + 1)
  }
  return result
}
