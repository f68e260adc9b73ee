import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { OPERATOR_TOKEN_HEADER } from './operator.routes.ts'

/**
 * How an operator command reaches the server that holds the embedded database (decision 039):
 * the server writes its loopback address and a random token to `<pglite dir>.operator.json`,
 * readable by its own user only, beside the pid file that marks the folder as held; the command
 * reads it and asks the server's operator routes. Whoever may read that file may already read the
 * database folder itself, so the token gives nobody more than they had.
 */
export type OperatorAccess = { pid: number; url: string; token: string }

export const operatorFileFor = (pgliteDir: string) => `${pgliteDir}.operator.json`

/** The URL this machine reaches a listening server at: loopback when it listens on every interface. */
export function loopbackUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') throw new Error('El servidor no escucha en TCP.')
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address
  return `http://${host}:${address.port}`
}

/** Written by the server once it listens; answers the function that removes it on close. */
export function publishOperatorAccess(pgliteDir: string, access: OperatorAccess): () => void {
  const file = operatorFileFor(pgliteDir)
  // A dead server's file is replaced, not rewritten: `mode` applies only to a file it creates.
  rmSync(file, { force: true })
  writeFileSync(file, JSON.stringify(access), { mode: 0o600 })
  return () => rmSync(file, { force: true })
}

/**
 * Asks the server holding the folder (process `holder`) for an operator route's text; throws with
 * a message for the operator. A file left by an earlier server (another pid) is not believed.
 */
export async function askRunningServer(
  pgliteDir: string,
  holder: number,
  route: string,
): Promise<string> {
  let access: OperatorAccess | null = null
  try {
    access = JSON.parse(readFileSync(operatorFileFor(pgliteDir), 'utf8')) as OperatorAccess
  } catch {
    // Not written yet: the server is starting.
  }
  if (access?.pid !== holder) {
    throw new Error(
      `El servidor que usa ${pgliteDir} todavía no publicó su acceso de operador (¿está arrancando?). Probá de nuevo en unos segundos.`,
    )
  }
  let response: Response
  try {
    response = await fetch(`${access.url}/api/v1/operator${route}`, {
      headers: { [OPERATOR_TOKEN_HEADER]: access.token },
      signal: AbortSignal.timeout(15_000),
    })
  } catch (err) {
    throw new Error(`No pudimos consultar al servidor en ${access.url}: ${(err as Error).message}`)
  }
  if (!response.ok)
    throw new Error(`El servidor en ${access.url} respondió ${response.status} a la consulta.`)
  return response.text()
}
