import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSource = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  test: {
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
          // Each file builds its own database; argon2 and PGlite start-up need room on 2 cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
