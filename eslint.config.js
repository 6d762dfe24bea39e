import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Web features never import each other: routes and layouts compose them (STYLE.md habit 8). */
function featureBoundaries() {
  let features = [];
  try {
    features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  return features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .map((other) => ({
              regex: `^(@/features/${other}(/|$)|(\\.\\./)+${other}(/|$))`,
              message: `Features do not import each other: compose ${feature} and ${other} in a route instead.`,
            })),
        },
      ],
    },
  }));
}

const apiNeverImportsWeb = { regex: '^@ledgerport/web|(\\.\\./)+web/', message: 'The API never imports the web app.' };

/**
 * An API module imports another only through its public entry, `../<other>/index.js`, so a module's
 * inner files can change without touching its callers. Tests may reach into any module.
 */
function apiModuleBoundaries() {
  let modules = [];
  try {
    modules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== '__tests__')
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  const entryOnly = (others, prefix, shown) =>
    others.map((other) => ({
      regex: `^${prefix}${other}(/(?!index\\.js$)|$)`,
      message: `API modules import each other only through ${shown}${other}/index.js.`,
    }));
  return [
    ...modules.map((area) => ({
      files: [`apps/api/src/modules/${area}/**/*.ts`],
      ignores: ['**/__tests__/**'],
      rules: {
        // Replaces the apps/api rule for these files, so it repeats the web pattern.
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              apiNeverImportsWeb,
              ...entryOnly(
                modules.filter((other) => other !== area),
                '(\\.\\./)+(modules/)?',
                '../',
              ),
            ],
          },
        ],
      },
    })),
    {
      // The shared ModuleDeps beside the modules uses their entries too.
      files: ['apps/api/src/modules/*.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [apiNeverImportsWeb, ...entryOnly(modules, '\\./', './')] }],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The contract package depends on zod only: never on an app or a framework.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@ledgerport/(api|web|e2e)', message: 'packages/shared never imports an app.' },
            { regex: '(\\.\\./)+(apps|e2e)/', message: 'packages/shared never imports an app.' },
            {
              regex: '^(react|react-dom|fastify|drizzle-orm|@mantine/.*|@tanstack/.*)$',
              message: 'packages/shared depends on zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [apiNeverImportsWeb] }],
    },
  },
  ...featureBoundaries(),
  ...apiModuleBoundaries(),
);
