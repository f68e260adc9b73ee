import { afterEach, describe, expect, test, vi } from 'vitest'

import { takeEarlySession } from '@/api/shared/auth/early-session'
import { forgetIndexScripts, runIndexScript } from '@/testing/index-html'

function run(answer: { status: number; body?: unknown }) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      calls.push({ url, headers: init.headers })
      return { status: answer.status, json: async () => answer.body }
    }),
  )
  runIndexScript('__barrioSession')
  return calls
}

afterEach(() => {
  vi.unstubAllGlobals()
  forgetIndexScripts()
  delete window.__barrioSession
  window.localStorage.clear()
  document.cookie = 'user=; Path=/; Max-Age=0'
})

describe('the session check started by index.html', () => {
  test('asks the optional check with the device headers and keeps the 200 body', async () => {
    window.localStorage.setItem('barrio.deviceUuid', 'dev-1')
    window.localStorage.setItem('barrio.deviceToken', 'tok-1')
    const calls = run({ status: 200, body: { user: null } })
    expect(calls).toEqual([
      {
        url: '/api/v1/auth/session?optional=true',
        headers: expect.objectContaining({
          'x-device-id': 'dev-1',
          'x-device-token': 'tok-1',
          'x-platform': 'web',
        }),
      },
    ])
    expect(await takeEarlySession()).toEqual({ user: null })
    expect(takeEarlySession()).toBeNull()
  })

  test('a refused check (a dead session’s 403) is left to the app: null', async () => {
    run({ status: 403 })
    expect(await takeEarlySession()).toBeNull()
  })

  test('with a saved user cookie nothing is asked (the app reads the cookie first)', () => {
    document.cookie = `user=${encodeURIComponent('{"_id":"u1"}')}; Path=/`
    expect(run({ status: 200, body: {} })).toEqual([])
    expect(window.__barrioSession).toBeUndefined()
  })
})
