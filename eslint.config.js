import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/**
 * The rules that need the types (promises that float or are misused) and the import cycles are
 * oxlint's (.oxlintrc.json, with oxlint-tsgolint): ESLint parses without type information, which
 * halves its time (docs/testing.md, "The toolchain").
 *
 * The architecture as lint rules (docs/ARCHITECTURE.md). Web: app → features → shared → contract,
 * no feature imports another feature, shared imports no feature and no app. API: app/plugins →
 * modules → db → contract; db imports no module; the contract imports neither app. No import cycles.
 */
/**
 * The size budget: a source file keeps under 400 lines and a function under 120 (blank lines and
 * comments not counted). Today's larger ones are listed in scripts/size-budget.json at their
 * present size, so they cannot grow; apps/api/src/size-budget.test.ts fails when one shrank and its
 * ceiling was not lowered with it, so the list only goes down.
 */
export const SIZE_BUDGET = { lines: 400, functionLines: 120 };
const sizeExceptions = JSON.parse(fs.readFileSync(new URL('./scripts/size-budget.json', import.meta.url), 'utf8'));
const sizeRules = (budget) => ({
  'max-lines': ['error', { max: budget.lines, skipBlankLines: true, skipComments: true }],
  'max-lines-per-function': ['error', { max: budget.functionLines, skipBlankLines: true, skipComments: true, IIFEs: true }],
});

// Every folder of features/ is a feature: a new one is fenced the day it is made.
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'apps/api/src/db/migrations/**', 'test-results/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'import-x/no-self-import': 'error',
      // Node's modules, then packages (the contract included), then this package's own files.
      'import-x/order': [
        'error',
        { groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']], 'newlines-between': 'never' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contract', from: './apps', message: 'The contract imports neither app.' },
            { target: './apps/web/src/shared', from: './apps/web/src/features', message: 'shared/ imports no feature.' },
            { target: './apps/web/src/shared', from: './apps/web/src/app', message: 'shared/ imports nothing of app/.' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'A feature imports nothing of app/.' },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature imports no other feature: move what both need to shared/.',
            })),
            { target: './apps/api/src/db', from: './apps/api/src/modules', message: 'db/ imports no module.' },
            { target: './apps/api/src/lib', from: './apps/api/src/modules', message: 'lib/ imports no module.' },
            {
              target: ['./apps/api/src/db', './apps/api/src/lib'],
              from: ['./apps/api/src/scope', './apps/api/src/plugins'],
              message: 'db/ and lib/ import nothing of scope/ or plugins/ (they sit above them).',
            },
            {
              target: './apps/api/src/scope',
              from: './apps/api/src/modules',
              except: ['./config/config.repository.ts'],
              message: 'scope/ is below the modules: it reads the settings repository and nothing else of a module.',
            },
            {
              target: ['./apps/api/src/modules', './apps/api/src/scope'],
              from: './apps/api/src/plugins',
              except: ['./request-context.ts'],
              message:
                'Modules import nothing of plugins/ but plugins/request-context.ts (the actor, the audit context, the permission hooks).',
            },
            {
              target: './apps/api/src/plugins/request-context.ts',
              from: ['./apps/api/src/modules', './apps/api/src/scope'],
              message: 'plugins/request-context.ts imports no module: modules import it.',
            },
            {
              target: './apps/api/src/modules',
              from: './apps/api/src/modules/**/*.routes.ts',
              message:
                "A module never imports another module's routes (app.ts registers them): share a service, repository or pure file instead.",
            },
            { target: './apps/web', from: './apps/api', message: 'The web app imports nothing of the API.' },
            { target: './apps/api', from: './apps/web', message: 'The API imports nothing of the web app.' },
          ],
        },
      ],
    },
  },
  {
    // A module's face: other modules use what its index.ts exports, never its files (its repository
    // least of all: one module owns each table's writes).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[\\w-]+/(?!index$)[\\w.-]+$',
              message: "Import another module through its face, '../<module>/index', which exports what others may use.",
            },
          ],
        },
      ],
    },
  },
  {
    // The list's parts (shared/ui/data-table/) are private to it: everything else imports data-table.tsx.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/ui/data-table.tsx', 'apps/web/src/shared/ui/data-table/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)data-table/',
              message: 'Import the list and its exports from shared/ui/data-table.tsx, not its parts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Query keys come from their factory (shared/api/query-keys.ts): a key typed by hand misses the
    // invalidations that the factory's prefixes give.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/shared/api/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Use a key of shared/api/query-keys.ts, never a hand-typed key array.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    ...jsxA11y.configs.recommended,
    files: ['apps/web/**/*.tsx'],
    // MUI's `autoFocus` on a dialog's first field is the focus management the dialog needs.
    rules: { ...jsxA11y.configs.recommended.rules, 'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }] },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'scripts/**/*.{js,mjs}', 'bench/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: sizeRules(SIZE_BUDGET),
  },
  ...Object.entries(sizeExceptions).map(([file, ceiling]) => ({ files: [file], rules: sizeRules({ ...SIZE_BUDGET, ...ceiling }) })),
  {
    // Tests may reach across layers: they render the whole app or seed through the modules.
    files: ['**/*.test.{ts,tsx}', 'apps/web/src/shared/lib/test-render.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
