// ESLint (flat config): `npm run lint`, also the first step of `npm test`.
// Formatting is Prettier's job (`npm run format`); eslint-config-prettier turns
// off the rules that would fight it.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Public pages never load Studio code: only the Studio's own route and component import studio/ (the Studio may import app code). */
const noStudioImports = {
  group: ['**/studio/**'],
  message: 'app/ must not import from studio/ (public bundles would carry Studio code): move what both need into app/ and import it from the Studio.',
}

const studioBoundary = {
  files: ['app/**/*.{ts,tsx}'],
  ignores: ['app/routes/studio.$.tsx', 'app/components/studio.client.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: [noStudioImports] }] },
}

/**
 * Layers (ADR 022), from the bottom: utils → domains → components → routes.
 * Each may import only what is below it; the domains import each other one
 * way only, in the order of `domains` (each may use those before it). The
 * rule runs on `~/` and relative paths alike. db/ sits beside utils (its
 * schema uses utils' currency); studio/ is kept out by `studioBoundary`.
 */
const domains = {
  // The delivery layer (ADR 054): the outbox worker and the DeliveryTarget interface, below every domain that delivers.
  delivery: [],
  leads: ['delivery'],
  // The CDN purges of a publish are delivery targets, like the lead webhook.
  content: ['delivery'],
  analytics: ['leads'],
  blog: ['content'],
  tools: ['content', 'leads'],
  // The agenda cancels through the booking domain (one way to free a slot).
  admin: ['delivery', 'leads', 'analytics', 'booking'],
  // The strategy session's booking (issue 44): availability from content, the booking stored with its lead and delivered.
  booking: ['delivery', 'leads', 'content'],
}
const top = ['components', 'routes', 'server', 'root', 'entry.client', 'entry.server']

/** Import patterns that reach `folder` of app/ from a file `depth` folders below app/. */
const reaching = (folder, depth) => {
  const up = depth === 1 ? ['../'] : ['../'.repeat(depth)]
  return ['~/' + folder, '~/' + folder + '/*', ...up.flatMap((prefix) => [prefix + folder, prefix + folder + '/*'])]
}

const layerRule = (files, forbidden, message, extra = {}) =>
  [1, 2, 3].map((depth) => ({
    files: files.map((glob) => glob.replace('**', '*/'.repeat(depth - 1) + '*')),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: forbidden.flatMap((folder) => reaching(folder, depth)), message, ...extra }] },
      ],
    },
  }))

const layerBoundaries = [
  ...layerRule(
    ['app/utils/**.{ts,tsx}'],
    [...Object.keys(domains), ...top],
    'app/utils/ is the ground floor: it imports nothing of the app above it (pass what it needs as arguments).',
  ),
  ...Object.entries(domains).flatMap(([domain, below]) =>
    layerRule(
      [`app/${domain}/**.{ts,tsx}`],
      [...Object.keys(domains).filter((other) => other !== domain && !below.includes(other)), ...top],
      `app/${domain}/ is a domain: it may import app/utils/, db/${below.length ? ' and ' + below.map((other) => `app/${other}/`).join(', ') : ''} only (ADR 022); UI goes in app/components/.`,
    ),
  ),
  // A component may read the root loader's type (useRouteLoaderData), never its code.
  ...layerRule(
    ['app/components/**.{ts,tsx}'],
    top.filter((folder) => folder !== 'components'),
    'app/components/ imports the domains and utils, never the routes above them.',
    {
      allowTypeImports: true,
    },
  ),
]

export default tseslint.config(
  { ignores: ['build/**', 'build-*/**', 'node_modules/**', 'public/**', 'test-results/**', 'tests/.reports/**', '.data/**', 'db/migrations/**'] },
  // The bench's reference app builds beside its sources (scripts/bench/reference/).
  { ignores: ['scripts/bench/reference/build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/internal-regex': '^~/' },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '~/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['type'],
          alphabetize: { order: 'asc', caseInsensitive: true },
          'newlines-between': 'never',
        },
      ],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  studioBoundary,
  ...layerBoundaries,
  prettier,
)
