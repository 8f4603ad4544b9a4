import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (README, "Project layout"). Each boundary is ESLint's own no-restricted-imports under a name of
 * its own, so a file can fall under several boundaries without one rule's options replacing another's, and a report
 * names the boundary it broke. Patterns read the import as written: aliases (`@/` is src/client, `@shared/` is
 * src/shared) and relative paths that climb (`../`) into a folder. Dynamic `import()` is not checked here; for the
 * server, src/server/boundaries.test.ts checks that it names no browser module in any form.
 */
const restrictedImports = builtinRules.get('no-restricted-imports');
const boundaries = {
  rules: {
    'client-server': restrictedImports,
    'client-layers': restrictedImports,
    features: restrictedImports,
    'test-code': restrictedImports,
    'domain-http': restrictedImports,
  },
};

const SOURCE = '**/*.{ts,tsx,js}';
/** Test files and the helpers, fakes and contracts only they may use. */
const TEST_CODE = ['**/*.test.{ts,tsx}', 'src/**/testing/**', 'tests/**'];
const FEATURES = readdirSync(new URL('src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The server's domain: the money core and what it calls. Only http/ knows about requests and status codes. */
const DOMAIN = ['orders', 'payments', 'topups', 'catalog', 'auth', 'admin', 'audit', 'topup-requests'];

/** An import that climbs out of its folder into one of `folders` (e.g. `../../server/app`). */
const climbingInto = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const restrict = (...patterns) => ['error', { patterns }];

const TESTS_RUN = {
  selector: 'CallExpression[callee.property.name=/^(only|skip|todo)$/][callee.object.name=/^(it|test|describe)$/]',
  message: 'Tests must run: no .only, .skip or .todo.',
};
/** A query key is written once, in its queryOptions; hooks and the query client take it from there. */
const QUERY_KEY_MESSAGE = 'Take the query key from its queryOptions (e.g. ordersQueryOptions(userId).queryKey) instead of writing it again.';
const QUERY_KEYS_FROM_OPTIONS = [
  {
    selector: "CallExpression[callee.name=/^use(Suspense)?Quer(y|ies)$/] Property[key.name='queryKey'] > ArrayExpression",
    message: QUERY_KEY_MESSAGE,
  },
  {
    selector: "CallExpression[callee.property.name=/Quer(y|ies)(Data)?$/] Property[key.name='queryKey'] > ArrayExpression",
    message: QUERY_KEY_MESSAGE,
  },
  { selector: 'CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression.arguments', message: QUERY_KEY_MESSAGE },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', '.test-data', 'drizzle', 'src/client/boot.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: [SOURCE],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', TESTS_RUN],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },

  // The browser and the server share only src/shared.
  {
    files: [`src/client/${SOURCE}`],
    rules: {
      'boundaries/client-server': restrict({
        regex: climbingInto('server'),
        message: 'The browser does not import server code; what both need lives in src/shared.',
      }),
    },
  },
  {
    files: [`src/server/${SOURCE}`],
    rules: {
      'boundaries/client-server': restrict(
        { regex: '^@/', message: 'The server does not import browser code (`@/` is src/client); what both need lives in src/shared.' },
        { regex: climbingInto('client'), message: 'The server does not import browser code; what both need lives in src/shared.' },
      ),
    },
  },
  {
    files: [`src/shared/${SOURCE}`],
    rules: {
      'boundaries/client-server': restrict(
        { regex: '^@/', message: 'src/shared imports neither the browser (`@/` is src/client) nor the server.' },
        { regex: climbingInto('client', 'server'), message: 'src/shared imports neither the browser nor the server.' },
      ),
    },
  },

  // In the browser, imports go one way: components and lib → features → app.
  {
    files: [`src/client/{components,lib,i18n}/${SOURCE}`],
    rules: {
      'boundaries/client-layers': restrict({
        regex: `^@/(features|app)(/|$)|${climbingInto('features', 'app')}`,
        message: 'Shared browser code (components, lib, i18n) does not import features or the app layer.',
      }),
    },
  },
  // The browser calls the server through one wrapper, so cookies, headers and error answers are handled alike; and
  // a query's key is written once, beside its queryFn, so two queries never share a key with different functions.
  {
    files: [`src/client/${SOURCE}`],
    // The session read at start (lib/account.tsx) is the one other caller: see its comment and ADR 003.
    ignores: ['src/client/lib/api-client.ts', 'src/client/lib/account.tsx', ...TEST_CODE],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the server through lib/api-client (sendApiRequest or apiRequest).' }],
      'no-restricted-syntax': ['error', TESTS_RUN, ...QUERY_KEYS_FROM_OPTIONS],
    },
  },
  // A feature uses shared browser code, never another feature nor the app layer that composes the features.
  ...FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/${SOURCE}`],
    rules: {
      'boundaries/features': restrict(
        { regex: `^@/app(/|$)|${climbingInto('app')}`, message: 'Features do not import the app layer.' },
        {
          regex: `^@/features/(?!${feature}(/|$))|${climbingInto(...FEATURES.filter((other) => other !== feature))}`,
          message: `The ${feature} feature does not import another feature; what several features need lives in components/ or lib/.`,
        },
      ),
    },
  })),

  // Production code never reaches test helpers, fakes or the test runner.
  {
    files: [`src/${SOURCE}`, `scripts/${SOURCE}`],
    ignores: TEST_CODE,
    rules: {
      'boundaries/test-code': restrict(
        { regex: '(^|/)testing(/|$)', message: 'Production code does not import test helpers (testing/).' },
        { regex: climbingInto('tests'), message: "Production code does not import the providers' fakes or contracts (tests/)." },
        { regex: '\\.test(\\.[jt]sx?)?$', message: 'Production code does not import test files.' },
        { group: ['vitest', 'vitest/*'], message: 'Production code does not import the test runner.' },
      ),
    },
  },

  // The domain knows nothing of HTTP: it throws its own errors, and http/ turns them into answers.
  {
    files: DOMAIN.map((folder) => `src/server/${folder}/${SOURCE}`),
    rules: {
      'boundaries/domain-http': restrict({ regex: climbingInto('http'), message: 'The domain does not import the HTTP layer (server/http).' }),
    },
  },
);
