import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { enFrame } from './frame';
import { enRest } from './rest';

/*
 * The signed-in area's layout and Home render with the initial texts and the frame's (frame.ts), not
 * the rest's (lib/i18n.ts, app/router.tsx). A text of another part would show as its raw key there.
 * So: every module the two can load, statically or on demand (the dialogs they open), is read for the
 * keys it names, and each key's part is checked.
 */
const SRC = path.resolve(import.meta.dirname, '../../..');
const ROOTS = ['app/routes/app/root.tsx', 'app/routes/app/dashboard.tsx'];
const LOCALES = path.join(SRC, 'lib', 'locales');

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null; // packages hold no texts of the catalogue
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(SRC, from)} imports ${specifier}, which is not found`);
}

/** Imports that bring code: `import ... from`, `export ... from`, bare imports and `import()`. */
const IMPORT =
  /(?:^|[\s;])(?:import(?!\s+type\s)[^'"`;]*?from\s*|export[^'"`;]*?from\s*|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

function reachableModules(roots: readonly string[]): Map<string, string> {
  const sources = new Map<string, string>();
  const stack = roots.map((root) => path.join(SRC, root));
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (sources.has(file)) continue;
    const source = readFileSync(file, 'utf8');
    sources.set(file, source);
    for (const match of source.matchAll(IMPORT)) {
      const next = resolveModule(file, match[1]!);
      if (next && !next.startsWith(LOCALES)) stack.push(next);
    }
  }
  return sources;
}

/** The top-level keys a module names: `t('home.title')`, a table of keys, a template `documents.${x}`. */
function namespacesIn(source: string, namespaces: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const match of source.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z$]/g)) {
    if (namespaces.includes(match[1]!)) found.add(match[1]!);
  }
  return found;
}

describe("the signed-in frame's and Home's texts", () => {
  const modules = reachableModules(ROOTS);
  const usedBy = (namespaces: readonly string[]) => {
    const users = new Map<string, string[]>();
    for (const [file, source] of modules) {
      for (const namespace of namespacesIn(source, namespaces)) {
        users.set(namespace, [...(users.get(namespace) ?? []), path.relative(SRC, file)]);
      }
    }
    return users;
  };

  it('reads the layout, Home and the dialogs they open', () => {
    // Sanity: the walk reached the layout's and Home's parts, so a moved file cannot make it pass empty.
    const files = [...modules.keys()].map((file) => path.relative(SRC, file));
    expect(files).toContain('app/layouts/app-layout.tsx');
    expect(files).toContain('features/reconciliation/components/connections-needing-action.tsx');
    expect(modules.size).toBeGreaterThan(100);
  });

  it('needs no text from the other screens (rest.ts)', () => {
    const missing = [...usedBy(Object.keys(enRest))].map(([namespace, files]) => `${namespace} (${files.join(', ')})`);
    expect(missing, `move these to locales/en/frame.ts: ${missing.join('; ')}`).toEqual([]);
  });

  it("holds only texts the frame or Home use, so a phone's first load carries no more", () => {
    const used = usedBy(Object.keys(enFrame));
    const unused = Object.keys(enFrame).filter((namespace) => !used.has(namespace));
    expect(unused, `move these to locales/en/rest.ts: ${unused.join(', ')}`).toEqual([]);
  });
});
