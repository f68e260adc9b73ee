import { defineConfig } from 'vitest/config'

/**
 * The multi-process test: two built API processes (dist/server.js) on one PostgreSQL database and
 * Redis, behind nginx (deploy/nginx.conf). `npm test` runs it after the build, when
 * TEST_DATABASE_URL names a PostgreSQL server (scripts/test.mjs).
 */
export default defineConfig({
  test: {
    include: ['test/multi-process/**/*.test.ts'],
    fileParallelism: false,
    // Hang guards, not speed checks: start-up seeds the demo marketplace (about 15–25 s here).
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
})
