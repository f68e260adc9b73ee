import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Built processes behind nginx on PostgreSQL + Redis: its own run (vitest.multi-process.config.ts).
    exclude: ['test/multi-process/**', '**/node_modules/**'],
    // PGlite takes ~1 s and ~290 MB per instance: one per file, two files at a time on 2 cores.
    maxWorkers: 2,
    // Hang guards, not speed checks: a test that starts its own app on PGlite took 31 s on a 2-core
    // machine running other suites beside it, so the limits leave room for a busy machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
