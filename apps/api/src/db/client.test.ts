import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { openDatabase } from './client.ts'

test('a second process cannot open the same embedded database folder; a stale lock is taken over', async () => {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'barrio-lock-')), 'pglite')
  // PID 1 is always alive and never us: it stands for "another Barrio process".
  writeFileSync(`${dir}.pid`, '1')
  await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(
    /en uso por otro proceso \(pid 1\)/,
  )
  // A pid that cannot exist is a leftover of a crashed process.
  writeFileSync(`${dir}.pid`, '2147483646')
  const database = await openDatabase({ driver: 'pglite', dataDir: dir })
  await database.close()
})
