import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

import { fakeGoogleEnv } from './support/fake-google-env.ts'

const port = Number(process.env.E2E_PORT ?? 3199)
// A real SMTP server on loopback receives the API's emails; tests read them over HTTP.
export const SMTP_PORT = port + 1
export const MAILBOX_PORT = port + 2
// A fake Google (OpenID Connect) for the native sign-in journey (support/fake-google.ts).
export const FAKE_GOOGLE_PORT = port + 3
// A fake Firebase Cloud Messaging (OAuth token endpoint + messages:send) that records the pushes
// the API sends (apps/api/test/fake-fcm.ts); tests read them at /__fake/messages.
export const FAKE_FCM_PORT = port + 4
// A loopback georef-ar that locates the demo barrios' doors (apps/api/test/fake-georef.ts).
export const FAKE_GEOREF_PORT = port + 5
/** ARCA's WSAA and WSFEv1, and the port the journeys use as ARCA's web (support/fake-arca.ts). */
export const FAKE_ARCA_PORT = port + 6
export const FAKE_ARCA_CONTROL_PORT = port + 7
// Shops open or close by their hours (issue 26): judge them as on a Wednesday at 18:00 in Buenos
// Aires, when every demo shop is open until 19:30, whatever hour CI runs at
// (DEMO_SCHEDULE_CLOCK_START in apps/api/test/build-test-app.ts). ARCA's fake keeps the same time.
const CLOCK_START = '2026-12-02T18:00:00-03:00'
// Every run starts the built server on a fresh embedded database seeded with the demo marketplace.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-e2e-'))
// The fake writes a service account whose token_uri points at itself; the API reads it at start.
const fcmServiceAccount = path.join(dataDir, 'fcm-service-account.json')
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Hang guards, not speed checks: journeys must pass on a 2-core machine running other suites.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /\.mobile\.spec\.ts/,
    },
    {
      name: 'phone',
      use: {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: `node --import tsx support/smtp-sink.ts ${SMTP_PORT} ${MAILBOX_PORT}`,
      url: `http://127.0.0.1:${MAILBOX_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx support/fake-google.ts ${FAKE_GOOGLE_PORT}`,
      url: `http://127.0.0.1:${FAKE_GOOGLE_PORT}/jwks`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx ../apps/api/test/fake-fcm.ts ${FAKE_FCM_PORT} ${fcmServiceAccount}`,
      url: `http://127.0.0.1:${FAKE_FCM_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx ../apps/api/test/fake-georef.ts ${FAKE_GEOREF_PORT}`,
      // /direcciones without an address answers 400, as georef does: ready.
      url: `http://127.0.0.1:${FAKE_GEOREF_PORT}/direcciones`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx support/fake-arca.ts ${FAKE_ARCA_PORT} ${FAKE_ARCA_CONTROL_PORT} ${CLOCK_START}`,
      url: `http://127.0.0.1:${FAKE_ARCA_CONTROL_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: 'node ../apps/api/dist/server.js',
      url: `http://127.0.0.1:${port}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // The suite signs the demo seller in ~15 times within minutes from one address, past the
        // per-account limit (10 per 15 min), and the limit counts successful sign-ins too. The
        // limits themselves are tested in the API suite (modules/auth/abuse.test.ts).
        RATE_LIMIT_ACCOUNT_MAX: '200',
        ...fakeGoogleEnv(FAKE_GOOGLE_PORT),
        FCM_SERVICE_ACCOUNT: fcmServiceAccount,
        FCM_API_URL: `http://127.0.0.1:${FAKE_FCM_PORT}`,
        GEOREF_API_URL: `http://127.0.0.1:${FAKE_GEOREF_PORT}`,
        SCHEDULE_CLOCK_START: CLOCK_START,
        ARCA_WSAA_URL: `http://127.0.0.1:${FAKE_ARCA_PORT}/ws/services/LoginCms`,
        ARCA_WSFE_URL: `http://127.0.0.1:${FAKE_ARCA_PORT}/wsfev1/service.asmx`,
      },
    },
  ],
})
