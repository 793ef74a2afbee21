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

/** The ground floor: app/utils/ may be imported by every layer and imports none of the domains or the UI. */
const utilsBoundary = {
  files: ['app/utils/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          noStudioImports,
          {
            group: ['~/leads/*', '~/content/*', '~/components/*', '../leads/*', '../content/*', '../components/*'],
            message: 'app/utils/ is the ground floor: it must not import from app/leads, app/content or app/components.',
          },
        ],
      },
    ],
  },
}

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
  utilsBoundary,
  prettier,
)
