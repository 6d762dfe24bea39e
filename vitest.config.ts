import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSource = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves one core to itself (cores - 1), which on the
    // 2-core CI machine meant one file at a time: the API suite ran at about 70% of the machine in
    // 10 minutes, and in under 5 with two (docs/architecture.md, "Tests").
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: { '@ledgerport/shared': sharedSource } },
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app and database (testing/test-app.ts), so files share no state
          // but the modules they import: importing the app anew for each of ~80 files took more
          // than half of the suite's time (8 min isolated, under 3.5 min not; docs/architecture.md).
          isolate: false,
          // Each file builds its own database; argon2 and PGlite start-up need room on 2 cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        // Checks the production build's output (run after `npm run build`, from test:e2e).
        test: { name: 'web-bundle', root: './apps/web', include: ['bundle/**/*.test.ts'], environment: 'node' },
      },
      {
        // Kills and restarts real API processes against a private PostgreSQL server (npm run test:faults).
        test: {
          name: 'faults',
          root: './apps/api',
          include: ['faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Two API processes on one PostgreSQL and one S3-compatible store (npm run test:multi-process).
        test: {
          name: 'multi-process',
          root: './apps/api',
          include: ['multi-process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
