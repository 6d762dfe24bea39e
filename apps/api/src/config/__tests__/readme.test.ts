import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../index.js';

const readmePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../README.md');

/** The variable names in the first column of the README's Configuration table (a cell may name several). */
function readmeVariables(): string[] {
  const readme = readFileSync(readmePath, 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

describe('README configuration table', () => {
  it('lists every variable the config module reads, and no variable it does not read', () => {
    const listed = readmeVariables();
    expect(listed.length).toBeGreaterThan(0);
    expect([...new Set(listed)].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
