import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/*
 * DESIGN.md section 10: the JavaScript /login loads stays under 200 kB gzipped, and no single chunk
 * of any route is over 150 kB gzipped. Read from the production build (`npm run build` first; the
 * test:e2e script runs this right after it) through Vite's manifest, which records every chunk's
 * static and dynamic imports.
 */
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const KB = 1000;
const LOGIN_BUDGET = 200 * KB;
const CHUNK_BUDGET = 150 * KB;

/** The lazy modules the router loads for /login (app/router.tsx): the login card layout and the form. */
const LOGIN_ROUTE_MODULES = ['src/app/layouts/login-layout.tsx', 'src/app/routes/auth/login.tsx'];
/** A module the lazy signed-in shell loads, which /login must not. */
const SIGNED_IN_SHELL = 'src/app/routes/app/root.tsx';
/** The lazy modules of Home, where a sign-in lands: the signed-in shell and the dashboard. */
const HOME_ROUTE_MODULES = [SIGNED_IN_SHELL, 'src/app/routes/app/dashboard.tsx'];
/**
 * Scripts a first visit may load (vite.config.ts, the chunk plan): each costs a phone a round trip,
 * whatever its size. The automatic chunks made 27 for /login and 136 for Home; the plan makes 11 and 22.
 */
const SCRIPT_BUDGET = { login: 15, home: 25 };

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  if (!existsSync(MANIFEST)) {
    throw new Error(`${MANIFEST} is missing: run \`npm run build\` first (vite.config.ts sets build.manifest).`);
  }
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

const gzipSizes = new Map<string, number>();
function gzipped(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file))).length;
    gzipSizes.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/**
 * The initial JavaScript of /login: the entry with everything it imports, and the router's lazy
 * modules for /login (the login card layout and the form) with everything they import. Chunks
 * loaded later on demand (the zod contract on the first interaction with the form, the
 * notifications on the first message, the two-factor step, every other screen) are not part of the
 * first paint; they are held to the per-chunk budget instead.
 */
function loginChunks(manifest: Manifest): Set<string> {
  return routeChunks(manifest, LOGIN_ROUTE_MODULES);
}

/** The entry with everything it imports, and the given lazy modules with everything they import. */
function routeChunks(manifest: Manifest, routeModules: readonly string[]): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}.`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entryKey);
  for (const module of routeModules) visit(module);
  return seen;
}

describe('production bundle budgets', () => {
  const manifest = readManifest();

  it('keeps the initial JavaScript of /login under 200 kB gzipped, without the signed-in shell', () => {
    const chunks = loginChunks(manifest);
    const files = [...new Set([...chunks].map((key) => manifest[key]!.file))].filter((f) => f.endsWith('.js'));
    const total = files.reduce((sum, file) => sum + gzipped(file), 0);
    const largest = files
      .sort((a, b) => gzipped(b) - gzipped(a))
      .slice(0, 8)
      .map((file) => `${file} ${kb(gzipped(file))}`)
      .join(', ');
    expect(total, `/login loads ${kb(total)} of JavaScript gzipped; largest: ${largest}`).toBeLessThan(LOGIN_BUDGET);
    expect(chunks.has(SIGNED_IN_SHELL), `/login pulls in ${SIGNED_IN_SHELL}`).toBe(false);
    // Sanity: the walk found the login form itself, so a renamed module cannot make this pass empty.
    expect(files).toContain(manifest['src/app/routes/auth/login.tsx']!.file);
  });

  it('loads /login and Home in a few scripts each', () => {
    const scripts = (modules: readonly string[]) =>
      new Set([...routeChunks(manifest, modules)].map((key) => manifest[key]!.file).filter((f) => f.endsWith('.js')));
    const login = scripts(LOGIN_ROUTE_MODULES);
    const home = scripts(HOME_ROUTE_MODULES);
    expect(login.size, `/login loads ${login.size} scripts: ${[...login].join(', ')}`).toBeLessThanOrEqual(
      SCRIPT_BUDGET.login,
    );
    expect(home.size, `Home loads ${home.size} scripts: ${[...home].join(', ')}`).toBeLessThanOrEqual(
      SCRIPT_BUDGET.home,
    );
  });

  it('leaves the notifications package out of /login and Home until a message is shown', () => {
    // app/provider.tsx mounts the container with the first message (lib/notify.ts): its code (the
    // container, its transitions and store, about 9 kB gzipped) is not to arrive with the first screen.
    const packageKey = Object.keys(manifest).find((key) => key.endsWith('@mantine/notifications/esm/index.mjs'));
    expect(packageKey, 'the notifications package is loaded lazily').toBeDefined();
    const withPackage = routeChunks(manifest, [packageKey!]);
    for (const [name, modules] of [
      ['/login', LOGIN_ROUTE_MODULES],
      ['Home', HOME_ROUTE_MODULES],
    ] as const) {
      const loaded = routeChunks(manifest, modules);
      const later = [...withPackage].filter((key) => !loaded.has(key)).map((key) => manifest[key]!.file);
      const size = later.reduce((sum, file) => sum + gzipped(file), 0);
      expect(size, `the first message on ${name} loads only ${kb(size)}: ${later.join(', ')}`).toBeGreaterThan(8 * KB);
    }
  });

  it("keeps the style sheet from holding back index.html's first paint", () => {
    // vite.config.ts `styleSheetAsPreload`; src/lib/preloaded-style-sheets.ts applies it before the
    // first render.
    const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/index-[\w-]+\.css">/);
  });

  it('has no JavaScript chunk over 150 kB gzipped', () => {
    const assets = path.join(DIST, 'assets');
    const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(files.length).toBeGreaterThan(10);
    const over = files
      .map((name) => ({ name, size: gzipped(path.join('assets', name)) }))
      .filter(({ size }) => size >= CHUNK_BUDGET)
      .map(({ name, size }) => `${name} (${kb(size)})`);
    expect(over, `chunks over ${kb(CHUNK_BUDGET)} gzipped: ${over.join(', ')}`).toEqual([]);
  });
});
