import { NATIVE_SHELL, NATIVE_SHELL_ORIGINS } from '@barrio/contracts/native-shell'
import { describe, expect, it } from 'vitest'

import capacitorConfig from '../../../capacitor.config'

describe('the native shell', () => {
  it('serves the app from exactly the origins the API allows by CORS', () => {
    const server = capacitorConfig.server ?? {}
    expect(capacitorConfig).toMatchObject({
      appId: NATIVE_SHELL.appId,
      appName: NATIVE_SHELL.appName,
    })
    expect(server).toEqual({
      hostname: NATIVE_SHELL.hostname,
      iosScheme: NATIVE_SHELL.iosScheme,
      androidScheme: NATIVE_SHELL.androidScheme,
    })
    const origins = [
      `${server.iosScheme}://${server.hostname}`,
      `${server.androidScheme}://${server.hostname}`,
    ]
    expect(origins).toEqual([...NATIVE_SHELL_ORIGINS])
    expect(origins).not.toContain('http://localhost')
  })
})
