import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
// Source, not the built dist: the web app and the shared contract compile together, so a change in
// packages/shared shows up without a separate build step.
const sharedEntry = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
const sharedDir = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
const lazySchemaModule = fileURLToPath(new URL('./src/lib/lazy-schema.ts', import.meta.url));

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

/** The calls at the end of a chain that give something other than a schema. */
const NOT_A_SCHEMA = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'decode',
  'encode',
  'toJSONSchema',
]);

interface EstreeNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * Whether a top-level initialiser builds a zod schema: a call chain starting at `z` or at a binding
 * named `...Schema` (the contract's convention), and not ending in a parse. Anything else (constants,
 * functions, arrays, frozen maps) is left alone, since the proxy is transparent only for objects.
 */
function buildsSchema(init: EstreeNode): boolean {
  if (init.type !== 'CallExpression') return false;
  const callee = init.callee as EstreeNode;
  if (callee.type === 'MemberExpression' && NOT_A_SCHEMA.has(((callee.property as EstreeNode).name as string) ?? '')) {
    return false;
  }
  let node: EstreeNode = init;
  while (node.type === 'CallExpression' || node.type === 'MemberExpression') {
    node = (node.type === 'CallExpression' ? node.callee : node.object) as EstreeNode;
  }
  return node.type === 'Identifier' && (node.name === 'z' || /Schema$/.test(node.name as string));
}

/**
 * Schemas built on first use (apps/web/src/lib/lazy-schema.ts says why): each top-level
 * `const x = z....` or `= otherSchema....` of packages/shared and of the web app's own modules becomes
 * `lazySchema(() => ...)`. In the component tests too, so that they run what the browser runs.
 */
function lazySharedSchemas(): Plugin {
  return {
    name: 'ledgerport:lazy-shared-schemas',
    enforce: 'post',
    transform(code, id) {
      const source = id.startsWith(sharedDir) || id.startsWith(srcDir);
      if (!source || !/\.tsx?$/.test(id) || /[\\/]__tests__[\\/]|\.test\.tsx?$|[\\/]src[\\/]testing[\\/]/.test(id))
        return null;
      const program = this.parse(code) as unknown as { body: EstreeNode[] };
      const output = new MagicString(code);
      let wrapped = 0;
      for (const statement of program.body) {
        const declaration = (
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        ) as EstreeNode | null;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations as EstreeNode[]) {
          const init = declarator.init as EstreeNode | null;
          if (!init || !buildsSchema(init)) continue;
          output.appendLeft(init.start, '/* @__PURE__ */ __lazySchema(() => ');
          output.appendRight(init.end, ')');
          wrapped += 1;
        }
      }
      if (wrapped === 0) return null;
      output.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(lazySchemaModule)};\n`);
      return { code: output.toString(), map: output.generateMap({ hires: true }) };
    },
  };
}

/*
 * Fewer, larger chunks for the first screens (issue 25 item 5). Left to itself the bundler makes a
 * chunk for every set of screens sharing a module: Home loaded 136 scripts (most of 1 to 3 kB) and
 * /login 27, and on a phone's network every request costs a round trip, whatever its size. So
 * `npm run build` builds twice: `vite build --mode chunk-plan` writes no files, only a plan read from
 * the automatic chunks, and the real build follows it: what /login loads beyond the entry's chunks
 * goes into one chunk (`login`); what the signed-in shell and Home load beyond those, into one more
 * (`shell`), apart from what they share with public pages, which goes into one chunk per set of
 * public pages using it (`shared-N`), so that no public page loads more than before. The entry's
 * chunks, the lazy route modules themselves and everything else are chunked as before. /login went
 * from 27 scripts to 11 and Home from 136 to 22 (apps/web/bundle holds them to it).
 * Without a plan (a bare `vite build`), or for a module the plan does not name, the chunks are the
 * automatic ones: the plan changes where code is, never what runs.
 */
const CHUNK_PLAN_MODE = 'chunk-plan';
const CHUNK_PLAN_FILE = fileURLToPath(new URL('./node_modules/.cache/ledgerport-chunk-plan.json', import.meta.url));
/**
 * The lazy modules each planned group starts from (app/router.tsx), themselves left in chunks of
 * their own: /login's layout and form (index.html preloads them), and the signed-in area's layout and
 * Home. (The notifications' container is in neither: it loads with the first message, lib/notify.ts.)
 */
const PLANNED_ROUTES = {
  login: [
    /[\\/]src[\\/]app[\\/]layouts[\\/]login-layout\.tsx$/,
    /[\\/]src[\\/]app[\\/]routes[\\/]auth[\\/]login\.tsx$/,
  ],
  shell: [
    /[\\/]src[\\/]app[\\/]routes[\\/]app[\\/]root\.tsx$/,
    /[\\/]src[\\/]app[\\/]routes[\\/]app[\\/]dashboard\.tsx$/,
  ],
} as const;
/** `login`, `shell`, or `shared-N`: a chunk of the planned build. */
type PlannedGroup = string;
/** The public pages and their frame, which have no use for most of the signed-in shell. */
const PUBLIC_MODULES = /[\\/]src[\\/]app[\\/](routes[\\/]public[\\/]|layouts[\\/]public-layout\.tsx$)/;
type ChunkPlan = Record<string, PlannedGroup>;

/** In the planning build: records which group each module of the automatic chunks belongs to. */
function writeChunkPlan(): Plugin {
  return {
    name: 'ledgerport:write-chunk-plan',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: Iterable<string>) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const file = stack.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      const facade = (module: RegExp) => {
        const chunk = chunks.find((c) => c.isDynamicEntry && module.test(c.facadeModuleId ?? ''));
        if (!chunk) throw new Error(`chunk plan: no lazy chunk for ${module}`);
        return chunk.fileName;
      };
      const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const login = closure(PLANNED_ROUTES.login.map(facade));
      const shell = closure(PLANNED_ROUTES.shell.map(facade));
      const publicPages = closure(
        chunks
          .filter((chunk) => chunk.isDynamicEntry && PUBLIC_MODULES.test(chunk.facadeModuleId ?? ''))
          .map((chunk) => chunk.fileName),
      );
      const lazyRoots = new Set(chunks.filter((chunk) => chunk.isDynamicEntry).map((chunk) => chunk.facadeModuleId));
      const plan: ChunkPlan = {};
      const assign = (files: Set<string>, group: PlannedGroup, except: Set<string>[]) => {
        for (const file of files) {
          if (except.some((set) => set.has(file))) continue;
          for (const id of byFile.get(file)?.moduleIds ?? []) if (!lazyRoots.has(id)) plan[id] = group;
        }
      };
      assign(login, 'login', [entry]);
      assign(shell, 'shell', [entry, login, publicPages]);
      // What the shell shares with public pages: one chunk per set of public pages using it, so that
      // a public page loads nothing more than before (only fewer files).
      const pages = chunks.filter((chunk) => chunk.isDynamicEntry && PUBLIC_MODULES.test(chunk.facadeModuleId ?? ''));
      const pageClosures = pages.map((page) => closure([page.fileName]));
      const sets: string[] = [];
      for (const file of shell) {
        if (entry.has(file) || login.has(file) || !publicPages.has(file)) continue;
        const users = pages.filter((_page, index) => pageClosures[index]!.has(file)).map((page) => page.name);
        const key = users.join('+');
        if (!sets.includes(key)) sets.push(key);
        assign(new Set([file]), `shared-${sets.indexOf(key) + 1}`, []);
      }
      mkdirSync(path.dirname(CHUNK_PLAN_FILE), { recursive: true });
      writeFileSync(CHUNK_PLAN_FILE, JSON.stringify(plan));
    },
  };
}

/**
 * In the real build: the plan is used once (a later bare `vite build` is chunked automatically), and
 * index.html preloads /login's chunks beside the entry's, so that no page waits for the entry to run
 * before asking for them. They are small beyond the `login` chunk, which Home loads as well (it holds
 * what the two share).
 */
function consumeChunkPlan(): Plugin {
  return {
    name: 'ledgerport:consume-chunk-plan',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const preloaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const wanted = new Set<string>();
        const visit = (file: string) => {
          if (wanted.has(file) || preloaded.has(file)) return;
          wanted.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        for (const route of PLANNED_ROUTES.login) {
          const chunk = chunks.find((c) => c.isDynamicEntry && route.test(c.facadeModuleId ?? ''));
          if (chunk) visit(chunk.fileName);
        }
        return [...wanted].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
    closeBundle() {
      rmSync(CHUNK_PLAN_FILE, { force: true });
    },
  };
}

/**
 * The app's style sheet does not hold back the first paint (issue 25 item 5): index.html asks for it
 * as a preload, fetched at once beside the scripts, and `applyPreloadedStyleSheets` (src/lib) applies
 * it before React's first render. A stylesheet link would keep the page blank, the firm's mark
 * included, until its 30 kB had arrived. In the build only: the dev server injects styles itself.
 */
function styleSheetAsPreload(): Plugin {
  return {
    name: 'ledgerport:style-sheet-as-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2">',
        ),
    },
  };
}

function readChunkPlan(): ChunkPlan {
  return existsSync(CHUNK_PLAN_FILE) ? (JSON.parse(readFileSync(CHUNK_PLAN_FILE, 'utf8')) as ChunkPlan) : {};
}

export default defineConfig(({ mode }) => {
  const planning = mode === CHUNK_PLAN_MODE;
  const plan = planning ? {} : readChunkPlan();
  return {
    plugins: [
      react(),
      sharedContractHasNoSideEffects(),
      lazySharedSchemas(),
      planning ? writeChunkPlan() : consumeChunkPlan(),
      styleSheetAsPreload(),
    ],
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
      manifest: !planning,
      write: !planning,
      rolldownOptions: {
        output: {
          codeSplitting: planning
            ? undefined
            : {
                // Each planned set is closed under its imports apart from the entry's modules, which
                // stay in the entry's chunks: nothing else is to be pulled in.
                includeDependenciesRecursively: false,
                groups: [{ name: (id: string) => plan[id] ?? null }],
              },
        },
      },
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
  };
});
