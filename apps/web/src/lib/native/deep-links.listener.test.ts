import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { listenForAuthCallback } from '@/lib/native/deep-links'
import { isNativePlatform } from '@/lib/native/platform'

/** @capacitor/app as the shell answers it: one appUrlOpen listener and a launch URL. */
const app = vi.hoisted(() => {
  const state: { listener: ((event: { url: string }) => void) | null; launchUrl?: string } = {
    listener: null,
  }
  return {
    state,
    App: {
      addListener: vi.fn(async (_name: string, listener: (event: { url: string }) => void) => {
        state.listener = listener
        return { remove: vi.fn(async () => {}) }
      }),
      getLaunchUrl: vi.fn(async () => (state.launchUrl ? { url: state.launchUrl } : undefined)),
    },
  }
})
vi.mock('@capacitor/app', () => ({ App: app.App }))

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
type BridgeWindow = { androidBridge?: unknown }

beforeEach(() => {
  app.state.listener = null
  app.state.launchUrl = undefined
  vi.clearAllMocks()
})
afterEach(() => {
  delete (window as BridgeWindow).androidBridge
})

describe('the auth-callback listener', () => {
  test('in a browser it listens to nothing', async () => {
    const onHandoff = vi.fn()
    await listenForAuthCallback(onHandoff)
    expect(app.App.addListener).not.toHaveBeenCalled()
  })

  test('in the app: the launch link and later links, each handoff once, the rest ignored', async () => {
    ;(window as BridgeWindow).androidBridge = {}
    expect(isNativePlatform()).toBe(true)
    app.state.launchUrl = 'ar.barrio.app://auth/callback?handoff=launch-handoff-1'
    const onHandoff = vi.fn(async (handoff: string) => {
      if (handoff === 'refused-handoff') throw new Error('401')
    })
    await listenForAuthCallback(onHandoff)
    await settle()
    expect(onHandoff).toHaveBeenCalledWith('launch-handoff-1')

    const open = (url: string) => app.state.listener!({ url })
    open('ar.barrio.app://auth/callback?handoff=launch-handoff-1')
    open('ar.barrio.app://auth/callback?errorMsg=Cancelaste')
    open('https://evil.example/auth/callback?handoff=stolen')
    open('ar.barrio.app://auth/callback?handoff=refused-handoff')
    open('ar.barrio.app://auth/callback?handoff=second-handoff')
    await settle()
    expect(onHandoff.mock.calls.map(([handoff]) => handoff)).toEqual([
      'launch-handoff-1',
      'refused-handoff',
      'second-handoff',
    ])
  })
})
