import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
// Source, not the built dist: the web app and the shared contract compile together, so a change in
// packages/shared shows up without a separate build step.
const sharedEntry = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
const sharedDir = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

/**
 * The shared contract is declarations only (schemas, constants, pure functions), but its schema
 * modules call zod methods at the top level, which a bundler must assume have side effects. Without
 * this, importing one constant from the barrel would put all of zod on the first paint of /login.
 * (`"sideEffects": false` in packages/shared/package.json would say the same for every consumer.)
 */
function sharedContractHasNoSideEffects(): Plugin {
  return {
    name: 'ledgerport:shared-contract-has-no-side-effects',
    transform(_code, id) {
      return id.startsWith(sharedDir) ? { moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), sharedContractHasNoSideEffects()],
  resolve: {
    alias: [
      { find: /^@ledgerport\/shared$/, replacement: sharedEntry },
      { find: /^@\//, replacement: srcDir },
    ],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads, for the bundle budget
    // test (apps/web/bundle). The server never serves it: nothing under dist/.vite is requested.
    manifest: true,
  },
  test: {
    name: 'web', // the project name the root vitest.config.ts selects with --project web
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    // A form test types dozens of keystrokes; with every core busy (CI runs the files side by side on
    // two cores) one can take several times its 2 s alone, so the 5 s default made them flaky.
    testTimeout: 20_000,
    // The files of a worker share its module registry: setup.ts clears what a test leaves behind (the
    // rendered tree, notifications, storage and the session read from it, the page's address) and
    // each render gets its own query client, while importing Mantine and the app anew for each of
    // ~90 files took most of the suite's time (146 s isolated in CI, 56 s not).
    isolate: false,
  },
});
